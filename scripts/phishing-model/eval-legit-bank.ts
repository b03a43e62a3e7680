/**
 * Text for the evaluation set's legitimate messages, written for this project
 * (no third-party text; brand names appear as senders of their own mail, with
 * authentication results aligned to their own domains, as real bulk mail has).
 */
export type Marketing = {
  brand: string;
  /** The From domain and the DKIM signing domain (the brand's own). */
  domain: string;
  from: string;
  /** The brand's click-tracking / web host for links. */
  linkHost: string;
  lang: string;
  mails: [subject: string, body: string][];
};

export const MARKETING: Marketing[] = [
  {
    brand: "Steam",
    domain: "steampowered.com",
    from: "noreply@steampowered.com",
    linkHost: "store.steampowered.com",
    lang: "en",
    mails: [
      [
        "The Steam Summer Sale is on now!",
        "Thousands of games are discounted until July 10. Your wishlist has 6 items on sale, including titles up to 80% off. Don't miss out - the sale ends soon.",
      ],
      [
        "An item on your Steam wishlist is on sale!",
        "Good news: a game on your wishlist is now 60% off. The offer ends Monday at 10AM Pacific Time. Act fast.",
      ],
    ],
  },
  {
    brand: "Google",
    domain: "google.com",
    from: "workspace-noreply@google.com",
    linkHost: "workspace.google.com",
    lang: "en",
    mails: [
      [
        "Google Workspace: 5 new features to try this month",
        "Get more done with smart canvas, new meeting templates and improved search in Drive. Learn how your team can start using them immediately.",
      ],
      [
        "Your Google One storage tips",
        "Free up space in Gmail, Drive and Photos with our storage manager. Review large files and clean up in a few clicks.",
      ],
    ],
  },
  {
    brand: "IKEA",
    domain: "ikea.com",
    from: "news@email.ikea.com",
    linkHost: "www.ikea.com",
    lang: "en",
    mails: [
      [
        "Last chance: up to 50% off bedroom storage",
        "Ends Sunday! Refresh your bedroom with wardrobes, drawers and clever storage ideas. IKEA Family members get an extra 10% off.",
      ],
    ],
  },
  {
    brand: "IKEA",
    domain: "ikea.com",
    from: "nieuwsbrief@email.ikea.com",
    linkHost: "www.ikea.com",
    lang: "nl",
    mails: [
      [
        "Alleen deze week: tuinmeubels in de aanbieding",
        "Maak je tuin klaar voor de zomer. Bekijk onze nieuwe collectie loungesets en profiteer van extra korting voor IKEA Family-leden.",
      ],
    ],
  },
  {
    brand: "Zalando",
    domain: "zalando.de",
    from: "info@service-mail.zalando.de",
    linkHost: "www.zalando.de",
    lang: "de",
    mails: [
      [
        "Nur heute: 20 % Extra-Rabatt auf Sale-Artikel",
        "Jetzt zugreifen! Mit dem Code SOMMER20 sparen Sie heute zusätzlich 20 % auf bereits reduzierte Artikel. Kostenloser Versand und Rückversand.",
      ],
      [
        "Neu eingetroffen: Ihre Lieblingsmarken",
        "Entdecken Sie die neuesten Styles von Marken, denen Sie folgen. Sneaker, Jacken und mehr warten auf Sie.",
      ],
    ],
  },
  {
    brand: "bol.com",
    domain: "bol.com",
    from: "nieuwsbrief@mail.bol.com",
    linkHost: "www.bol.com",
    lang: "nl",
    mails: [
      [
        "Dagdeals: op = op!",
        "Vandaag in de aanbieding: koptelefoons, airfryers en boeken met hoge kortingen. Bestel voor 23:59 uur, morgen in huis.",
      ],
      [
        "Jouw persoonlijke aanbevelingen",
        "Op basis van je laatste bestellingen hebben we deze artikelen voor je uitgezocht. Gratis verzending vanaf 25 euro.",
      ],
    ],
  },
  {
    brand: "Coolblue",
    domain: "coolblue.nl",
    from: "nieuwsbrief@coolblue.nl",
    linkHost: "www.coolblue.nl",
    lang: "nl",
    mails: [
      [
        "Black Friday bij Coolblue: alles voor een glimlach",
        "Onze Black Friday-deals zijn begonnen. Bekijk de beste aanbiedingen op laptops, televisies en wasmachines, zolang de voorraad strekt.",
      ],
    ],
  },
  {
    brand: "Booking.com",
    domain: "booking.com",
    from: "email.campaign@sg.booking.com",
    linkHost: "www.booking.com",
    lang: "en",
    mails: [
      [
        "Save 15% or more on your next getaway",
        "Getaway Deals are here: book by June 30 to save on stays around the world. Genius members get extra discounts.",
      ],
      [
        "Booking.com: ofertas de última hora en la costa",
        "Encuentra alojamientos con descuento para este fin de semana. Reserva ahora y paga en el alojamiento.",
      ],
    ],
  },
  {
    brand: "Spotify",
    domain: "spotify.com",
    from: "no-reply@spotify.com",
    linkHost: "open.spotify.com",
    lang: "en",
    mails: [
      [
        "Get 3 months of Premium for free",
        "Limited-time offer: try Premium free for 3 months. Ad-free music, offline listening. Cancel anytime. Offer ends soon.",
      ],
      ["Your Release Radar is ready", "New music from artists you follow, updated every Friday. Listen now."],
    ],
  },
  {
    brand: "Spotify",
    domain: "spotify.com",
    from: "no-reply@spotify.com",
    linkHost: "open.spotify.com",
    lang: "pt",
    mails: [
      [
        "Experimente o Premium grátis por 3 meses",
        "Oferta por tempo limitado: ouça músicas sem anúncios e baixe para ouvir offline. Cancele quando quiser.",
      ],
    ],
  },
  {
    brand: "Amazon",
    domain: "amazon.de",
    from: "store-news@amazon.de",
    linkHost: "www.amazon.de",
    lang: "de",
    mails: [
      [
        "Prime Day: Die Angebote sind da",
        "Nur für Prime-Mitglieder: Tausende Angebote für 48 Stunden. Entdecken Sie Angebote auf Echo, Kindle und mehr.",
      ],
    ],
  },
  {
    brand: "Amazon",
    domain: "amazon.com",
    from: "store-news@amazon.com",
    linkHost: "www.amazon.com",
    lang: "en",
    mails: [
      [
        "Deals picked for you",
        "Based on your browsing history: kitchen essentials and books at great prices. Limited-time deals end tonight.",
      ],
    ],
  },
  {
    brand: "Mercado Livre",
    domain: "mercadolivre.com.br",
    from: "novidades@mercadolivre.com.br",
    linkHost: "www.mercadolivre.com.br",
    lang: "pt",
    mails: [
      [
        "Ofertas do dia com frete grátis",
        "Aproveite descontos de até 40% em eletrônicos e casa. Ofertas válidas somente hoje ou enquanto durarem os estoques.",
      ],
      [
        "Você ganhou um cupom de R$ 20",
        "Use seu cupom em compras acima de R$ 100 até domingo. Aplicado automaticamente no carrinho.",
      ],
    ],
  },
  {
    brand: "Magalu",
    domain: "magazineluiza.com.br",
    from: "ofertas@magazineluiza.com.br",
    linkHost: "www.magazineluiza.com.br",
    lang: "pt",
    mails: [
      [
        "Liquidação Fantástica: é só hoje!",
        "Smartphones, TVs e eletrodomésticos com preços imperdíveis. Parcele em até 10x sem juros.",
      ],
    ],
  },
  {
    brand: "Natura",
    domain: "natura.com.br",
    from: "natura@news.natura.com.br",
    linkHost: "www.natura.com.br",
    lang: "pt",
    mails: [
      [
        "Presentes de Natal com até 30% off",
        "Kits de presente para quem você ama. Frete grátis acima de R$ 99. Corra, estoque limitado!",
      ],
    ],
  },
  {
    brand: "El Corte Inglés",
    domain: "elcorteingles.es",
    from: "novedades@elcorteingles.es",
    linkHost: "www.elcorteingles.es",
    lang: "es",
    mails: [
      [
        "Días de Oferta: hasta el 50% en moda",
        "Solo durante este fin de semana, descuentos en moda, hogar y tecnología. Envío gratis en pedidos superiores a 50 €.",
      ],
    ],
  },
  {
    brand: "Decathlon",
    domain: "decathlon.es",
    from: "news@decathlon.es",
    linkHost: "www.decathlon.es",
    lang: "es",
    mails: [
      [
        "¡Vuelta al deporte! Novedades de running",
        "Descubre las nuevas zapatillas y la ropa técnica para esta temporada. Hazte socio y acumula puntos.",
      ],
    ],
  },
  {
    brand: "Decathlon",
    domain: "decathlon.fr",
    from: "newsletter@decathlon.fr",
    linkHost: "www.decathlon.fr",
    lang: "fr",
    mails: [
      [
        "Les nouveautés randonnée sont arrivées",
        "Sacs à dos, chaussures et vestes imperméables : préparez vos sorties d'automne. Retours gratuits sous 365 jours.",
      ],
    ],
  },
  {
    brand: "Fnac",
    domain: "fnac.com",
    from: "fnac@newsletter.fnac.com",
    linkHost: "www.fnac.com",
    lang: "fr",
    mails: [
      [
        "French Days : jusqu'à -40 % sur l'high-tech",
        "Profitez des French Days jusqu'à lundi minuit. Adhérents : des remises exclusives vous attendent.",
      ],
      [
        "Vos recommandations livres du mois",
        "Les romans de la rentrée sélectionnés par nos libraires, et une rencontre avec l'auteur en magasin.",
      ],
    ],
  },
  {
    brand: "SNCF Connect",
    domain: "sncf-connect.com",
    from: "newsletter@sncf-connect.com",
    linkHost: "www.sncf-connect.com",
    lang: "fr",
    mails: [
      [
        "Vos billets pour les vacances à petit prix",
        "Les réservations sont ouvertes pour les vacances d'hiver. Réservez dès maintenant pour profiter des meilleurs prix.",
      ],
    ],
  },
  {
    brand: "Feltrinelli",
    domain: "lafeltrinelli.it",
    from: "newsletter@lafeltrinelli.it",
    linkHost: "www.lafeltrinelli.it",
    lang: "it",
    mails: [
      [
        "Solo per oggi: 15% di sconto sui libri",
        "Scegli tra migliaia di titoli e approfitta dello sconto con il codice LIBRI15. Spedizione gratuita sopra i 25 €.",
      ],
    ],
  },
  {
    brand: "Esselunga",
    domain: "esselunga.it",
    from: "news@esselunga.it",
    linkHost: "www.esselunga.it",
    lang: "it",
    mails: [
      [
        "Le offerte della settimana",
        "Frutta di stagione, prodotti freschi e tante promozioni Fìdaty. Scopri il volantino e prenota la spesa online.",
      ],
    ],
  },
  {
    brand: "Trenitalia",
    domain: "trenitalia.it",
    from: "newsletter@trenitalia.it",
    linkHost: "www.trenitalia.com",
    lang: "it",
    mails: [
      [
        "Viaggia in Frecciarossa con lo sconto del 30%",
        "Offerta valida per acquisti entro domenica e viaggi fino a fine mese. Posti limitati.",
      ],
    ],
  },
  {
    brand: "Lidl",
    domain: "lidl.de",
    from: "newsletter@mailing.lidl.de",
    linkHost: "www.lidl.de",
    lang: "de",
    mails: [
      [
        "Ab Montag: Die Angebote der Woche",
        "Frisches Obst, Grillfleisch und Gartenwerkzeug zu Tiefpreisen. Nur solange der Vorrat reicht.",
      ],
    ],
  },
  {
    brand: "MediaMarkt",
    domain: "mediamarkt.de",
    from: "newsletter@news.mediamarkt.de",
    linkHost: "www.mediamarkt.de",
    lang: "de",
    mails: [
      [
        "Nur bis Mitternacht: Mehrwertsteuer geschenkt!",
        "Sichern Sie sich jetzt Fernseher, Smartphones und Kaffeevollautomaten ohne Mehrwertsteuer. Gilt online und im Markt.",
      ],
    ],
  },
  {
    brand: "Deutsche Bahn",
    domain: "bahn.de",
    from: "newsletter@bahn.de",
    linkHost: "www.bahn.de",
    lang: "de",
    mails: [
      [
        "Sparpreise für den Herbst",
        "Jetzt buchen und günstig reisen: Sparpreise ab 17,90 € für Fahrten im Oktober und November.",
      ],
    ],
  },
  {
    brand: "Airbnb",
    domain: "airbnb.com",
    from: "discover@airbnb.com",
    linkHost: "www.airbnb.com",
    lang: "en",
    mails: [
      [
        "Homes for your next long weekend",
        "Cabins, beach houses and city apartments within a short drive. Book now; many stays offer free cancellation.",
      ],
    ],
  },
  {
    brand: "Duolingo",
    domain: "duolingo.com",
    from: "hello@duolingo.com",
    linkHost: "www.duolingo.com",
    lang: "en",
    mails: [
      [
        "Your streak is in danger!",
        "You haven't practiced today. Do a quick lesson now to keep your 42-day streak alive!",
      ],
      [
        "¡No pierdas tu racha!",
        "Hoy todavía no has practicado. Haz una lección rápida para mantener tu racha de 17 días.",
      ],
    ],
  },
  {
    brand: "LinkedIn",
    domain: "linkedin.com",
    from: "jobs-listings@linkedin.com",
    linkHost: "www.linkedin.com",
    lang: "en",
    mails: [
      [
        "15 new jobs for Senior Software Engineer",
        "Based on your profile and preferences: new roles in Amsterdam and remote. Apply with your profile in one click.",
      ],
    ],
  },
  {
    brand: "Etsy",
    domain: "etsy.com",
    from: "etsy@email.etsy.com",
    linkHost: "www.etsy.com",
    lang: "en",
    mails: [
      [
        "Gifts they'll love, made by real people",
        "Shop personalised jewellery, prints and home decor from independent sellers. Order by December 15 for holiday delivery.",
      ],
    ],
  },
  {
    brand: "Humble Bundle",
    domain: "humblebundle.com",
    from: "contact@mailer.humblebundle.com",
    linkHost: "www.humblebundle.com",
    lang: "en",
    mails: [
      [
        "Last chance: 8 games for $12",
        "This bundle ends in 48 hours. Pay what you want and support charity with your purchase.",
      ],
    ],
  },
  {
    brand: "GOG",
    domain: "gog.com",
    from: "newsletter@email.gog.com",
    linkHost: "www.gog.com",
    lang: "en",
    mails: [
      [
        "Weekly sale: classic RPGs up to 90% off",
        "DRM-free classics at their lowest prices this week. Promotion ends Thursday.",
      ],
    ],
  },
  {
    brand: "Epic Games",
    domain: "epicgames.com",
    from: "news@epicgames.com",
    linkHost: "store.epicgames.com",
    lang: "en",
    mails: [
      [
        "Free game this week: claim it before Thursday",
        "This week's free game is available now in the Epic Games Store. Claim it and keep it forever.",
      ],
    ],
  },
  {
    brand: "Nike",
    domain: "nike.com",
    from: "nike@official.nike.com",
    linkHost: "www.nike.com",
    lang: "en",
    mails: [
      [
        "Members get early access",
        "As a Nike Member you can shop the new collection 24 hours before everyone else. Free shipping on orders over $50.",
      ],
    ],
  },
  {
    brand: "H&M",
    domain: "hm.com",
    from: "hm@email.hm.com",
    linkHost: "www2.hm.com",
    lang: "nl",
    mails: [
      [
        "Member deal: 25% korting op je volgende aankoop",
        "Als member krijg je deze week 25% korting. Gebruik je persoonlijke code bij het afrekenen.",
      ],
    ],
  },
  {
    brand: "Uber Eats",
    domain: "uber.com",
    from: "uber@uber.com",
    linkHost: "www.ubereats.com",
    lang: "en",
    mails: [
      [
        "$0 delivery fee this weekend",
        "Order from your favourite restaurants with no delivery fee until Sunday. Terms apply.",
      ],
    ],
  },
  {
    brand: "Carrefour",
    domain: "carrefour.fr",
    from: "info@carrefour.fr",
    linkHost: "www.carrefour.fr",
    lang: "fr",
    mails: [
      [
        "Jeu concours : gagnez vos courses pendant un an",
        "Participez à notre grand jeu et tentez de gagner un an de courses. Règlement disponible sur notre site. Sans obligation d'achat.",
      ],
    ],
  },
  {
    brand: "Kickstarter",
    domain: "kickstarter.com",
    from: "no-reply@kickstarter.com",
    linkHost: "www.kickstarter.com",
    lang: "en",
    mails: [
      [
        "Projects we love: board games edition",
        "A hand-picked selection of new tabletop projects. Back the ones you love before their campaigns end.",
      ],
    ],
  },
  {
    brand: "Rabobank",
    domain: "rabobank.nl",
    from: "nieuwsbrief@info.rabobank.nl",
    linkHost: "www.rabobank.nl",
    lang: "nl",
    mails: [
      [
        "Nieuws over uw geldzaken: sparen voor later",
        "In deze nieuwsbrief: tips om te sparen voor later, de nieuwe spaarrente en een webinar over pensioen. Wij vragen u nooit om uw inloggegevens per e-mail.",
      ],
    ],
  },
  {
    brand: "Revolut",
    domain: "revolut.com",
    from: "no-reply@revolut.com",
    linkHost: "www.revolut.com",
    lang: "en",
    mails: [
      [
        "Earn 4% interest on your savings",
        "Open a Savings Vault in the app and start earning daily interest. Capital at risk for investments; savings protected up to the legal limit.",
      ],
    ],
  },
  {
    brand: "Coinbase",
    domain: "coinbase.com",
    from: "no-reply@info.coinbase.com",
    linkHost: "www.coinbase.com",
    lang: "en",
    mails: [
      [
        "This week in crypto: market recap",
        "Bitcoin and Ethereum prices moved this week; read our market analysis and learn about staking. Crypto is volatile; invest only what you can afford to lose.",
      ],
    ],
  },
  {
    brand: "PayPal",
    domain: "paypal.com",
    from: "paypal@mail.paypal.com",
    linkHost: "www.paypal.com",
    lang: "en",
    mails: [
      [
        "Pay in 4 for your holiday shopping",
        "Split eligible purchases into 4 interest-free payments. Available at millions of online stores.",
      ],
    ],
  },
];

/** Mailing-list mail: [list id, list address, lang, subject, author name, author domain, body]. */
export const LISTS: [string, string, string, string, string, string, string][] = [
  [
    "debian-user.lists.debian.org",
    "debian-user@lists.debian.org",
    "en",
    "Re: bookworm upgrade breaks wifi after reboot",
    "Tomás Ruiz",
    "gmail.com",
    "I had the same problem. Installing firmware-iwlwifi from non-free-firmware and rebooting fixed it immediately. Make sure your sources.list has the new component.",
  ],
  [
    "python-list.python.org",
    "python-list@python.org",
    "en",
    "Re: asyncio.gather vs TaskGroup",
    "Helen Park",
    "fastmail.com",
    "TaskGroup cancels the remaining tasks when one fails, gather does not unless you ask. For new code I would use TaskGroup.",
  ],
  [
    "users.postgresql.org",
    "pgsql-general@lists.postgresql.org",
    "en",
    "Slow query after upgrading to 16",
    "Marek Nowak",
    "posteo.de",
    "After pg_upgrade the planner picks a sequential scan on a 40M row table. ANALYZE did not help. Plan attached below. Any idea what to check?",
  ],
  [
    "debian-user-german.lists.debian.org",
    "debian-user-german@lists.debian.org",
    "de",
    "Re: Drucker wird nach Update nicht mehr erkannt",
    "Jürgen Maier",
    "web.de",
    "Bei mir hat es geholfen, cups neu zu starten und den Drucker im Webinterface neu anzulegen. Der Treiber hatte sich geändert.",
  ],
  [
    "ubuntu-br.lists.ubuntu.com",
    "ubuntu-br@lists.ubuntu.com",
    "pt",
    "Re: Problema com som no 24.04",
    "Carla Mendes",
    "uol.com.br",
    "Tente instalar o pipewire-pulse e reiniciar a sessão. Comigo resolveu na hora. Se não funcionar, manda a saída do comando pactl info.",
  ],
  [
    "freebsd-questions.freebsd.org",
    "questions@freebsd.org",
    "en",
    "ZFS scrub found checksum errors",
    "Ian McAllister",
    "protonmail.com",
    "The scrub reported 12 checksum errors on one disk. SMART looks fine. Should I replace the cable first or the disk?",
  ],
  [
    "gentoo-user-fr.gentoo.org",
    "gentoo-user-fr@lists.gentoo.org",
    "fr",
    "Re: Mise à jour du profil 23.0",
    "Camille Durand",
    "free.fr",
    "J'ai suivi les instructions de la news et tout s'est bien passé, il faut juste reconstruire gcc en premier. Attention à bien lire la section sur le merged-usr.",
  ],
  [
    "it.comp.linux.lists.example.org",
    "linux-it@lists.linux.it",
    "it",
    "Re: Backup automatico con rsync",
    "Marco Bianchi",
    "libero.it",
    "Io uso rsync con --link-dest per avere backup incrementali giornalieri. Ti incollo lo script che uso da anni, funziona benissimo.",
  ],
  [
    "nlnog.nlnog.net",
    "nlnog@nlnog.net",
    "nl",
    "Re: Storing bij transit in Amsterdam",
    "Pieter de Vries",
    "xs4all.nl",
    "Wij zagen vanaf 14:05 packet loss richting AMS-IX. Inmiddels lijkt het opgelost, maar is er al een verklaring van de leverancier?",
  ],
  [
    "es.comp.lenguajes.lists.example.org",
    "python-es@python.org",
    "es",
    "Re: Duda con pandas y fechas",
    "Lucía Fernández",
    "gmail.com",
    "Prueba con pd.to_datetime(df['fecha'], dayfirst=True). El problema es que por defecto interpreta el mes primero.",
  ],
  [
    "rust-users.discourse.example",
    "users@discourse.rust-lang.org",
    "en",
    "[Rust Users] Lifetime error when returning iterator",
    "Rust Users via The Rust Programming Language Forum",
    "discourse.rust-lang.org",
    "You can return impl Iterator<Item = &'a str> + 'a and tie it to the input lifetime. The compiler needs to know the borrow outlives the function.",
  ],
  [
    "nanog.nanog.org",
    "nanog@nanog.org",
    "en",
    "Re: BGP hijack affecting a /24 this morning",
    "Sam Okafor",
    "example-isp.net",
    "RPKI invalid routes were dropped by most of our peers. Please make sure your ROAs are up to date; it takes five minutes.",
  ],
  [
    "discuss.openstreetmap.org",
    "talk-de@openstreetmap.org",
    "de",
    "Re: Tagging von Radwegen an Landstraßen",
    "Anna Schulz",
    "mailbox.org",
    "Ich würde cycleway:right=separate nehmen und den Radweg als eigenen Weg erfassen. So machen wir das im Landkreis seit Jahren.",
  ],
  [
    "lista.python.org.br",
    "python-brasil@googlegroups.com",
    "pt",
    "Encontro presencial em São Paulo",
    "Rafael Costa",
    "gmail.com",
    "Pessoal, confirmamos o encontro do dia 12 no auditório da faculdade. Teremos três palestras curtas e pizza no final. Inscrições pelo site do grupo.",
  ],
  [
    "fr.sci.astronomie.lists.example.org",
    "astro-club@framalistes.org",
    "fr",
    "Sortie d'observation samedi",
    "Hélène Martin",
    "laposte.net",
    "Si la météo le permet, rendez-vous samedi à 21h au parking du col. Pensez aux vêtements chauds, il fera froid.",
  ],
  [
    "hackerspace-nl.lists.example.org",
    "leden@lists.hackerspace.example.nl",
    "nl",
    "Ledenvergadering 5 maart",
    "Bestuur Hackerspace",
    "hackerspace.example.nl",
    "Beste leden, hierbij de agenda voor de ledenvergadering. Punt 4: de contributie voor volgend jaar. Stukken staan op de wiki.",
  ],
  [
    "lug-roma.lists.example.org",
    "lug@lists.lugroma.example.it",
    "it",
    "Install party sabato",
    "Giulia Romano",
    "gmail.com",
    "Sabato facciamo la install party in biblioteca dalle 10 alle 18. Portate il vostro portatile, vi aiutiamo a installare Linux.",
  ],
  [
    "kde-devel.kde.org",
    "kde-devel@kde.org",
    "en",
    "Re: Plasma 6.3 beta testing call",
    "Nate Graham",
    "kde.org",
    "Please test the beta and report bugs on bugs.kde.org before the final release. Immediately useful: Wayland fractional scaling and HDR.",
  ],
  [
    "emacs-devel.gnu.org",
    "emacs-devel@gnu.org",
    "en",
    "Re: Proposal: tree-sitter modes by default",
    "Eli Zaretskii",
    "gnu.org",
    "We will not change the default in this release cycle. Users can enable the modes via major-mode-remap-alist.",
  ],
  [
    "opensuse-es.lists.example.org",
    "opensuse-es@lists.opensuse.org",
    "es",
    "Re: Actualización a Leap 15.6",
    "Jorge Navarro",
    "hotmail.com",
    "Hice la actualización con zypper dup sin problemas. Solo tuve que reinstalar los controladores de NVIDIA.",
  ],
];

/** Transactional mail: [brand, from, domain, lang, subject, body]. */
export const TRANSACTIONAL: [string, string, string, string, string, string][] = [
  [
    "GitHub",
    "noreply@github.com",
    "github.com",
    "en",
    "[GitHub] A new SSH key was added to your account",
    "A new public key was added to your account. If you believe this key was added in error, you can remove it in your SSH keys settings. If you did not add it, review your account security.",
  ],
  [
    "Google",
    "no-reply@accounts.google.com",
    "google.com",
    "en",
    "Security alert: new sign-in on Windows",
    "We noticed a new sign-in to your Google Account on a Windows device. If this was you, you don't need to do anything. If not, we'll help you secure your account: check activity in your Google Account.",
  ],
  [
    "Microsoft",
    "account-security-noreply@accountprotection.microsoft.com",
    "accountprotection.microsoft.com",
    "en",
    "Microsoft account security code",
    "Please use the following security code for the Microsoft account ja***@outlook.com. Security code: 482913. If you don't recognize the account, you can click the link to remove your email address from that account.",
  ],
  [
    "Amazon",
    "shipment-tracking@amazon.de",
    "amazon.de",
    "de",
    "Ihre Amazon.de-Bestellung wurde versandt",
    "Hallo, Ihre Sendung ist unterwegs. Voraussichtliche Zustellung: Donnerstag. Sie können den Status jederzeit unter Meine Bestellungen verfolgen.",
  ],
  [
    "PostNL",
    "noreply@postnl.nl",
    "postnl.nl",
    "nl",
    "Je pakket komt morgen",
    "Goed nieuws! Je pakket van Coolblue wordt morgen tussen 10:30 en 13:00 bezorgd. Je kunt de bezorging volgen in de PostNL-app.",
  ],
  [
    "Hetzner",
    "billing@hetzner.com",
    "hetzner.com",
    "de",
    "Ihre Rechnung Nr. 081234567",
    "Sehr geehrter Kunde, anbei erhalten Sie Ihre Rechnung. Der Betrag wird per Lastschrift eingezogen. Mit freundlichen Grüßen, Hetzner Online GmbH",
  ],
  [
    "Nubank",
    "todomundo@nubank.com.br",
    "nubank.com.br",
    "pt",
    "Sua fatura fechou",
    "Sua fatura de outubro fechou no valor de R$ 1.284,33 e vence dia 15. Você pode pagar pelo app com Pix ou boleto.",
  ],
  [
    "Renfe",
    "venta@renfe.com",
    "renfe.com",
    "es",
    "Confirmación de compra de billete",
    "Gracias por su compra. Localizador: X4T9Q2. Tren AVE 03063 Madrid - Barcelona, salida 08:30. Presente el billete en el móvil.",
  ],
  [
    "SNCF Connect",
    "confirmation@sncf-connect.com",
    "sncf-connect.com",
    "fr",
    "Confirmation de votre réservation",
    "Votre voyage Paris - Lyon du 12 mars est confirmé. Référence de dossier : QWERTY. Vos e-billets sont disponibles dans l'application.",
  ],
  [
    "Poste Italiane",
    "noreply@posteitaliane.it",
    "posteitaliane.it",
    "it",
    "La tua spedizione è in consegna",
    "La spedizione con codice 1A23456789012 è in consegna oggi. Puoi seguire lo stato sul sito o nell'app.",
  ],
  [
    "Stripe",
    "receipts+acct_1Ab2Cd@stripe.com",
    "stripe.com",
    "en",
    "Your receipt from Fathom Analytics #1482-9921",
    "Receipt from Fathom Analytics. Amount paid $14.00. Date paid Oct 3. Payment method Visa ending 4242. If you have any questions, contact the merchant.",
  ],
  [
    "Dropbox",
    "no-reply@dropbox.com",
    "dropbox.com",
    "en",
    "Reset your Dropbox password",
    "Someone (hopefully you) requested a password reset for your account. Click the button to set a new password. If you didn't request this, you can safely ignore this email.",
  ],
  [
    "ING",
    "noreply@ing.nl",
    "ing.nl",
    "nl",
    "Nieuw bericht in Mijn ING",
    "Er staat een nieuw bericht voor u klaar in Mijn ING. Log in via de ING App of ing.nl om het te lezen. Wij vragen u nooit om uw inloggegevens via e-mail of sms.",
  ],
  [
    "Apple",
    "no_reply@email.apple.com",
    "email.apple.com",
    "en",
    "Your receipt from Apple.",
    "Receipt. Apple ID: j***@icloud.com. iCloud+ with 50 GB storage, monthly, $0.99. Billed to Visa .... 1234. If you have questions about your bill, visit Apple Support.",
  ],
  [
    "Itaú",
    "comunicado@itau.com.br",
    "itau.com.br",
    "pt",
    "Comprovante de transferência Pix",
    "Transferência Pix realizada com sucesso. Valor: R$ 150,00. Destinatário: Maria S. Data: 12/08. Este é um e-mail automático, não responda.",
  ],
];

/** Personal mail: [from name, from address, lang, subject, body]. */
export const PERSONAL: [string, string, string, string, string][] = [
  [
    "Mum",
    "margaret.hill52@btinternet.com",
    "en",
    "Sunday lunch",
    "Hello love, are you coming on Sunday? Dad is doing a roast. Bring a jumper, the heating is playing up again. Love, Mum x",
  ],
  [
    "Carlos Pereira",
    "carlos.pereira@gmail.com",
    "pt",
    "Fotos da viagem",
    "Fala, Zé! Seguem as fotos da viagem para Ouro Preto. A do mirante ficou incrível. Quando a gente marca a próxima?",
  ],
  [
    "Lena Hoffmann",
    "lena.hoffmann@gmx.de",
    "de",
    "Umzug am Samstag",
    "Hi Tim, kannst du am Samstag beim Umzug helfen? Wir fangen um 9 an, für Pizza und Bier ist gesorgt. Liebe Grüße, Lena",
  ],
  [
    "Sophie Bakker",
    "sophie.bakker@ziggo.nl",
    "nl",
    "Verjaardag Jan",
    "Hoi! Zaterdag vieren we Jans verjaardag in het park. Neem je iets te eten mee? Vanaf 14 uur. Groetjes, Sophie",
  ],
  [
    "Ana López",
    "ana.lopez.g@hotmail.es",
    "es",
    "¿Quedamos el viernes?",
    "Hola Paula, ¿te apetece tomar algo el viernes después del trabajo? Hay un bar nuevo cerca de la oficina. Un beso.",
  ],
  [
    "Julien Moreau",
    "julien.moreau@orange.fr",
    "fr",
    "Recette du gâteau",
    "Salut, voici la recette du gâteau au chocolat de ma grand-mère comme promis. 200 g de chocolat, 4 œufs, 100 g de sucre. Bonne dégustation !",
  ],
  [
    "Francesca Ricci",
    "francesca.ricci@libero.it",
    "it",
    "Auguri!",
    "Ciao Giorgio, tanti auguri di buon compleanno! Ci vediamo domenica per festeggiare? Un abbraccio, Francesca",
  ],
  [
    "Dave",
    "dave.k.thompson@outlook.com",
    "en",
    "Fwd: funny video",
    "Thought you'd like this one, the dog at 0:45 is brilliant. https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  ],
  [
    "Priya Raman",
    "priya.raman@yahoo.com",
    "en",
    "Book club - next pick",
    "Hi all, next month we're reading Klara and the Sun. Meeting at mine on the 14th, 7pm. Let me know if you can't make it.",
  ],
  [
    "Pedro Almeida",
    "pedro.almeida@sapo.pt",
    "pt",
    "Jantar de sexta",
    "Olá Rita, confirmo o jantar de sexta às 20h no restaurante do costume. Levo o vinho. Beijinhos",
  ],
  [
    "Klaus Becker",
    "k.becker@t-online.de",
    "de",
    "Rechnung Handwerker",
    "Hallo Schatz, ich habe die Rechnung vom Handwerker eingescannt, sie ist im Anhang. Kannst du sie bitte bis Freitag überweisen? Kuss, Klaus",
  ],
  [
    "Marieke Jansen",
    "marieke.jansen@kpnmail.nl",
    "nl",
    "Oppassen woensdag",
    "Hoi, lukt het jou om woensdagmiddag op de kinderen te passen? Ik moet onverwacht naar een vergadering. Dankjewel!",
  ],
  [
    "Elena García",
    "elena.garcia.m@gmail.com",
    "es",
    "Apuntes de la clase",
    "Te mando los apuntes de la clase de ayer. Ojo que el examen es el martes, no el jueves. Suerte!",
  ],
  [
    "Thomas Lefèvre",
    "thomas.lefevre@free.fr",
    "fr",
    "Vacances en Bretagne",
    "Coucou ! On a réservé la maison à Quiberon pour la deuxième semaine d'août. Vous venez avec nous ? Il y a de la place.",
  ],
  [
    "Alessandro Conti",
    "a.conti@tiscali.it",
    "it",
    "Calcetto giovedì",
    "Ragazzi, giovedì alle 20 calcetto al solito campo. Siamo in nove, manca uno. Chi porta il pallone?",
  ],
  [
    "Jo Williams",
    "jo.williams@icloud.com",
    "en",
    "Urgent: can you pick up the kids?",
    "Hi, my train is cancelled - can you please pick up the kids from school today at 3:30? Call me if not. Thanks so much!",
  ],
];
