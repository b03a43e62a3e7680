/**
 * The harder part of the written evaluation set (issue 29), shaped like the misses the hidden real-world set
 * showed: raw 8-bit headers (UTF-8 and Latin-1, no encoded-words), HTML-only bodies of images and tracking
 * links, shorteners, throw-away sender domains that pass SPF, DKIM and DMARC, brand names mentioned without
 * impersonation, quoted-printable and base64 bodies in several charsets, and scams with no credential form at
 * all. Legitimate counterparts share every one of those traits.
 *
 *   npx tsx scripts/phishing-model/generate-hard-eval.ts
 *
 * Writes tests/fixtures/phishing-eval/phishing/2NN-<lang>-<lure>-authenticated.eml and
 * legitimate/hardlegit-NNN-<lang>-<what>.eml. Every text was written for this project. Deterministic.
 * Written after the score layer was fitted (on real mail only) and never used to tune a rule.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { EVAL_DIR } from "./dataset";

type Encoding = "utf8-raw" | "latin1-raw" | "qp-utf8-labelled-latin1" | "base64-cp1252" | "base64-utf8";
type Body = "plain" | "html-text" | "html-images";
type Spec = {
  lang: string;
  what: string;
  from: string;
  subject: string;
  text: string;
  link: string;
  enc: Encoding;
  body: Body;
  replyTo?: string;
  /** Bounces to another domain than the sender's (default: bounce.<sender's domain>). */
  returnPath?: string;
};

// Scams and phishing: the sender's domain is always authenticated (a campaign registers its own).
const LURES: Spec[] = [
  {
    lang: "de",
    what: "giftcard",
    from: "Treue-Team <service@kundenvorteil-markt.shop>",
    subject: "Ihr 250 € Einkaufsgutschein ist bereit",
    text: "Als Dankeschön für Ihre Treue erhalten Sie einen Einkaufsgutschein im Wert von 250 €. Beantworten Sie 4 kurze Fragen, um ihn einzulösen. Nur heute gültig.",
    link: "https://bit.ly/3Gk9Tz1",
    enc: "latin1-raw",
    body: "html-images",
  },
  {
    lang: "de",
    what: "customs",
    from: "Sendungsverfolgung <info@paket-status-de.info>",
    subject: "Ihre Sendung wird beim Zoll zurückgehalten",
    text: "Für Ihre Sendung fallen Einfuhrabgaben von 2,99 € an. Bitte begleichen Sie den Betrag innerhalb von 48 Stunden, sonst geht das Paket an den Absender zurück.",
    link: "https://paket-status-de.info/zahlung",
    enc: "utf8-raw",
    body: "html-text",
  },
  {
    lang: "de",
    what: "taxdebt",
    from: "Steuerverwaltung <bescheid@steuer-ruckstand.online>",
    subject: "Mahnung: offene Steuerschuld 1.284,00 €",
    text: "Laut unseren Unterlagen besteht eine rückständige Steuerschuld. Um eine Vollstreckung zu vermeiden, überweisen Sie den Betrag bis Freitag.",
    link: "https://steuer-ruckstand.online/zahlen",
    enc: "qp-utf8-labelled-latin1",
    body: "plain",
  },
  {
    lang: "de",
    what: "health",
    from: "Gesundheit Aktuell <news@vital-neu.click>",
    subject: "Ärzte sprachlos: 12 kg in 3 Wochen",
    text: "Dieses natürliche Mittel hilft beim Abnehmen ohne Diät. Tausende haben es schon ausprobiert. Nur noch wenige Packungen verfügbar.",
    link: "https://t.co/Ab3dE9xQ",
    enc: "base64-utf8",
    body: "html-images",
  },
  {
    lang: "fr",
    what: "giftcard",
    from: "Programme Fidélité <contact@avantages-client.site>",
    subject: "Félicitations ! Votre carte cadeau de 500€ vous attend",
    text: "Vous avez été sélectionné pour recevoir une carte cadeau. Répondez à notre court questionnaire pour la récupérer avant minuit.",
    link: "https://bit.ly/2Xr8pLm",
    enc: "latin1-raw",
    body: "html-images",
  },
  {
    lang: "fr",
    what: "customs",
    from: "Suivi Colis <notification@colis-suivi-fr.top>",
    subject: "Votre colis est bloqué à la douane",
    text: "Des frais de dédouanement de 1,99 € doivent être réglés pour que votre colis soit livré. Sans paiement sous 24 heures, il sera retourné.",
    link: "https://colis-suivi-fr.top/regler",
    enc: "qp-utf8-labelled-latin1",
    body: "html-text",
  },
  {
    lang: "fr",
    what: "loan",
    from: "Crédit Express <offres@credit-rapide-accord.fr>",
    subject: "Prêt de 15 000 € accordé sans justificatif",
    text: "Votre demande de prêt personnel a reçu un avis favorable. Fonds disponibles sous 48h, même fiché Banque de France.",
    link: "https://credit-rapide-accord.fr/dossier",
    enc: "base64-cp1252",
    body: "plain",
  },
  {
    lang: "fr",
    what: "dating",
    from: "Sophie <sophie@rencontre-discrete.xyz>",
    subject: "Tu es libre ce soir ? 😉",
    text: "Salut, j'ai vu ton profil et je suis seule ce week-end. Mes photos privées sont ici, écris-moi vite.",
    link: "https://rencontre-discrete.xyz/p/sophie",
    enc: "utf8-raw",
    body: "html-text",
  },
  {
    lang: "pt",
    what: "customs",
    from: "Rastreamento <aviso@rastreio-objetos.online>",
    subject: "Objeto aguardando pagamento de taxa de importação",
    text: "Seu objeto está retido na fiscalização aduaneira. Pague a taxa de R$ 47,30 para liberar a entrega em até 3 dias úteis.",
    link: "https://rastreio-objetos.online/pagar",
    enc: "latin1-raw",
    body: "html-text",
  },
  {
    lang: "pt",
    what: "taxdebt",
    from: "Regularização <atendimento@cpf-pendencias.site>",
    subject: "Seu CPF será bloqueado: débito pendente",
    text: "Identificamos uma pendência fiscal no seu CPF. Regularize hoje para evitar bloqueio e inscrição em dívida ativa.",
    link: "https://cpf-pendencias.site/regularizar",
    enc: "qp-utf8-labelled-latin1",
    body: "plain",
  },
  {
    lang: "pt",
    what: "casino",
    from: "Bônus VIP <vip@sorte-premiada.bet>",
    subject: "Você ganhou 100 giros grátis + R$ 500 de bônus",
    text: "Cadastre-se hoje e receba seu bônus de boas-vindas. Saque rápido via Pix.",
    link: "https://sorte-premiada.bet/bonus",
    enc: "base64-utf8",
    body: "html-images",
  },
  {
    lang: "pt",
    what: "loan",
    from: "Crédito Fácil <ofertas@credito-aprovado-ja.com>",
    subject: "Empréstimo aprovado para negativados",
    text: "Seu crédito de até R$ 20.000 foi pré-aprovado, sem consulta ao SPC/Serasa. Dinheiro na conta hoje.",
    link: "https://bit.ly/cred1t0",
    enc: "utf8-raw",
    body: "html-text",
  },
  {
    lang: "es",
    what: "giftcard",
    from: "Club Ahorro <premios@club-ahorro-es.shop>",
    subject: "¡Enhorabuena! Has ganado una tarjeta regalo de 300€",
    text: "Has sido elegido entre nuestros clientes. Completa una breve encuesta de 30 segundos y recibe tu tarjeta regalo.",
    link: "https://t.co/Qw7RtY2u",
    enc: "latin1-raw",
    body: "html-images",
  },
  {
    lang: "es",
    what: "taxdebt",
    from: "Notificaciones <avisos@notifica-tributos.info>",
    subject: "Aviso de embargo por deuda tributaria pendiente",
    text: "Tiene una deuda pendiente. Si no la abona en 72 horas se iniciará el procedimiento de embargo de su cuenta.",
    link: "https://notifica-tributos.info/pago",
    enc: "base64-cp1252",
    body: "html-text",
  },
  {
    lang: "es",
    what: "health",
    from: "Salud Natural <info@remedio-natural.click>",
    subject: "El método que los médicos no quieren que conozcas",
    text: "Controla el azúcar en sangre en 2 semanas con este remedio natural. Oferta limitada.",
    link: "https://remedio-natural.click/oferta",
    enc: "utf8-raw",
    body: "html-images",
  },
  {
    lang: "en",
    what: "airdrop",
    from: "Token Rewards <rewards@eth-drop-claim.xyz>",
    subject: "You're eligible: 2,500 $ARB airdrop",
    text: "Your wallet qualified for the community distribution. Connect your wallet to claim before the snapshot closes.",
    link: "https://eth-drop-claim.xyz/claim",
    enc: "utf8-raw",
    body: "html-text",
  },
  {
    lang: "en",
    what: "survey",
    from: "Customer Panel <panel@opinion-rewards.site>",
    subject: "Your opinion is worth $100",
    text: "Take our 60-second survey about your recent shopping experience and receive a $100 reward card. Only 14 rewards left.",
    link: "https://bit.ly/4Rw3rd",
    enc: "base64-utf8",
    body: "html-images",
  },
  {
    lang: "en",
    what: "dating",
    from: "Emma <emma.r@meet-locals-now.online>",
    subject: "hey, saw your profile",
    text: "I'm new in town and a bit lonely. Check my private photos and message me tonight, I'm waiting.",
    link: "https://meet-locals-now.online/emma",
    enc: "utf8-raw",
    body: "plain",
    replyTo: "emma.r.1994@mailbox-free.example",
  },
  {
    lang: "en",
    what: "customs",
    from: "Delivery Notice <notice@parcel-redelivery.info>",
    subject: "Your parcel is on hold: unpaid shipping fee",
    text: "We attempted to deliver your parcel but an import duty of $1.95 is unpaid. Pay now to schedule redelivery.",
    link: "https://t.co/8HkLmN0p",
    enc: "qp-utf8-labelled-latin1",
    body: "html-images",
  },
  {
    lang: "en",
    what: "account",
    from: "Mail Admin <admin@securemail-notice.online>",
    subject: "Mailbox storage full: messages on hold",
    text: "Your mailbox has reached its limit and incoming messages are on hold. Sign in to upgrade your storage now.",
    link: "https://securemail-notice.online/login",
    enc: "utf8-raw",
    body: "html-text",
  },
  {
    lang: "it",
    what: "giftcard",
    from: "Premi Fedeltà <premi@fedelta-club.shop>",
    subject: "Congratulazioni! Hai vinto un buono da 500€",
    text: "Sei stato selezionato per ricevere un buono regalo. Rispondi a 3 domande per riscattarlo entro oggi.",
    link: "https://bit.ly/3bU0n0",
    enc: "latin1-raw",
    body: "html-images",
  },
  {
    lang: "it",
    what: "customs",
    from: "Tracciamento Spedizioni <info@spedizione-giacenza.info>",
    subject: "Il tuo pacco è in giacenza: spese di sdoganamento",
    text: "Per completare la consegna è necessario pagare 1,99 € di spese doganali entro 48 ore.",
    link: "https://spedizione-giacenza.info/paga",
    enc: "base64-cp1252",
    body: "html-text",
  },
  {
    lang: "nl",
    what: "customs",
    from: "Pakketdienst <service@pakket-douane.online>",
    subject: "Uw pakket wordt vastgehouden door de douane",
    text: "Er staan nog invoerrechten van € 3,49 open. Betaal binnen 24 uur om uw pakket te laten bezorgen.",
    link: "https://pakket-douane.online/betalen",
    enc: "latin1-raw",
    body: "html-text",
  },
  {
    lang: "nl",
    what: "casino",
    from: "Casino Bonus <vip@goud-spins.bet>",
    subject: "200 gratis spins staan voor u klaar",
    text: "Claim vandaag uw welkomstbonus en 200 gratis spins. Geen storting nodig.",
    link: "https://t.co/Gs9pInS",
    enc: "utf8-raw",
    body: "html-images",
  },
  // Added in the third round (issue 29): brand names mentioned in scams from throw-away domains without
  // imitating the brand, replies and bounces routed elsewhere, adult, rail and sports-retailer lures.
  {
    lang: "de",
    what: "rail",
    from: "Reise-Aktion <aktion@bahn-reisebonus.shop>",
    subject: "Gratis Ticket: Ihre Meinung zur Deutschen Bahn zählt",
    text: "Nehmen Sie an unserer Umfrage zu Ihren Bahnreisen teil und erhalten Sie als Dankeschön ein Freiticket für eine Fahrt Ihrer Wahl. Nur für die ersten 100 Teilnehmer.",
    link: "https://bit.ly/3Fr2TkT",
    enc: "utf8-raw",
    body: "html-images",
    replyTo: "teilnahme@postfach-frei.example",
  },
  {
    lang: "en",
    what: "adult",
    from: "Jenny <jenny@meet-nearby-singles.xyz>",
    subject: "I saw your profile 😘",
    text: "Hi, I am new in your town and saw your profile. I am looking for someone discreet to meet this weekend. My private photos are here, I am waiting for you.",
    link: "https://t.co/Qm7xLp2",
    enc: "base64-utf8",
    body: "html-text",
    returnPath: "bounce@bulk-sender-relay.example",
  },
  {
    lang: "en",
    what: "sportsretailer",
    from: "Shoe Giveaway <winners@sneaker-drop-club.shop>",
    subject: "Congratulations! Your Nike Air Max are reserved",
    text: "You were chosen in our monthly giveaway for a pair of Nike Air Max. Only pay 1.95 shipping to receive them. Offer expires at midnight.",
    link: "https://tinyurl.com/nk-drop26",
    enc: "utf8-raw",
    body: "html-images",
  },
  {
    lang: "fr",
    what: "rail",
    from: "Offres Voyageurs <offres@voyage-avantage.site>",
    subject: "Dernier rappel : votre bon de 150€ pour vos trajets en TGV",
    text: "Votre bon de réduction de 150€ valable sur les trajets TGV expire ce soir. Répondez à trois questions pour l'activer, seuls les frais de dossier de 2€ sont à régler.",
    link: "https://bit.ly/tgvBon150",
    enc: "latin1-raw",
    body: "html-text",
    replyTo: "service.client@boite-libre.example",
  },
  {
    lang: "es",
    what: "supermarket",
    from: "Sorteo Clientes <sorteo@premios-super.online>",
    subject: "Has ganado una tarjeta regalo de Mercadona de 300€",
    text: "Enhorabuena, tu número ha salido en el sorteo semanal. Para recibir tu tarjeta regalo de 300€ confirma tus datos de envío y abona 1€ de gastos de gestión.",
    link: "https://cutt.ly/merc300",
    enc: "qp-utf8-labelled-latin1",
    body: "html-images",
  },
  {
    lang: "pt",
    what: "airdrop",
    from: "Comunidade Cripto <airdrop@token-comunidade.io>",
    subject: "Seu airdrop de 2.000 tokens está liberado",
    text: "Você foi selecionado para o airdrop da comunidade. Conecte sua carteira até amanhã para receber 2.000 tokens gratuitamente. Vagas limitadas.",
    link: "https://token-comunidade.io/claim",
    enc: "base64-utf8",
    body: "html-text",
    returnPath: "bounces@mailer-relay-pt.example",
  },
  {
    lang: "it",
    what: "loan",
    from: "Prestiti Facili <info@prestito-subito.click>",
    subject: "Prestito di 15.000 € approvato senza garanzie",
    text: "La sua richiesta di prestito è stata pre-approvata: 15.000 € a tasso agevolato, senza busta paga e senza garanzie. Risponda a questa email per ricevere il contratto.",
    link: "https://prestito-subito.click/richiesta",
    enc: "latin1-raw",
    body: "plain",
    replyTo: "pratiche.prestiti@posta-gratis.example",
  },
  {
    lang: "nl",
    what: "supermarket",
    from: "Klantenpanel <panel@klantenpanel-winactie.top>",
    subject: "Uw mening over Albert Heijn: ontvang een waardebon van 50 €",
    text: "Vul onze korte enquête over uw boodschappen in en ontvang een waardebon van 50 €. De actie loopt alleen vandaag.",
    link: "https://bit.ly/AHpanel50",
    enc: "base64-cp1252",
    body: "html-images",
  },
  {
    lang: "de",
    what: "adult",
    from: "Lisa <lisa@diskrete-treffen.online>",
    subject: "Hast du heute Abend Zeit?",
    text: "Hallo, ich bin neu hier und suche jemanden für ein diskretes Treffen. Meine privaten Bilder findest du über den Link. Ich warte auf deine Antwort.",
    link: "https://t.co/Dx8kP2q",
    enc: "utf8-raw",
    body: "html-text",
    replyTo: "lisa.treffen@postfach-frei.example",
  },
  {
    lang: "en",
    what: "taxrefund",
    from: "Refund Notice <notice@refund-status-center.com>",
    subject: "You are owed a tax refund of £326.80",
    text: "Our records show you overpaid tax last year. Submit the refund request within 72 hours with your card details so the amount can be paid to you.",
    link: "https://refund-status-center.com/claim",
    enc: "qp-utf8-labelled-latin1",
    body: "html-text",
    replyTo: "claims@refund-desk.example",
  },
];

// Legitimate mail with the same traits: authenticated own domains, 8-bit headers, images and trackers,
// shorteners, brand names mentioned as products, odd charsets.
const LEGIT: Spec[] = [
  {
    lang: "de",
    what: "retailer-newsletter",
    from: "Fahrradladen Becker <news@fahrrad-becker.de>",
    subject: "Neu eingetroffen: Shimano- und Bosch-Ersatzteile",
    text: "Diese Woche neu im Laden: Ersatzteile für Shimano-Schaltungen und Bosch-Antriebe. Kommen Sie vorbei, wir beraten Sie gern. Öffnungszeiten Mo–Sa 9–18 Uhr.",
    link: "https://fahrrad-becker.de/neu?utm_source=newsletter",
    enc: "latin1-raw",
    body: "html-images",
  },
  {
    lang: "de",
    what: "invoice",
    from: "Stadtwerke Nordheim <rechnung@stadtwerke-nordheim.de>",
    subject: "Ihre Jahresabrechnung 2026 für Strom und Gas",
    text: "Ihre Jahresabrechnung steht in Ihrem Kundenkonto bereit. Der Abschlag für Januar bleibt unverändert. Bei Fragen erreichen Sie uns unter der Nummer auf Ihrer Rechnung.",
    link: "https://stadtwerke-nordheim.de/konto",
    enc: "qp-utf8-labelled-latin1",
    body: "plain",
  },
  {
    lang: "fr",
    what: "store-promo",
    from: "Librairie du Centre <bonjour@librairie-du-centre.fr>",
    subject: "Soldes d'hiver : -30 % sur les livres de cuisine",
    text: "Jusqu'à dimanche, profitez de 30 % de réduction sur une sélection de livres de cuisine et de guides de voyage. Retrait gratuit en magasin.",
    link: "https://bit.ly/LibCentre",
    enc: "latin1-raw",
    body: "html-images",
  },
  {
    lang: "fr",
    what: "club",
    from: "Club de randonnée <contact@rando-vercors.fr>",
    subject: "Sortie de décembre : inscriptions ouvertes",
    text: "La sortie raquettes du 14 décembre est ouverte aux inscriptions. Pensez à vérifier votre matériel. Le covoiturage part de la mairie à 8 h.",
    link: "https://rando-vercors.fr/sorties",
    enc: "base64-cp1252",
    body: "plain",
  },
  {
    lang: "pt",
    what: "store-promo",
    from: "Livraria Central <ofertas@livraria-central.com.br>",
    subject: "Black Friday: até 40% em livros e eletrônicos Kindle",
    text: "Aproveite descontos em livros e leitores Kindle até domingo. Frete grátis acima de R$ 99. Promoção válida enquanto durarem os estoques.",
    link: "https://livraria-central.com.br/black-friday?utm_campaign=bf",
    enc: "utf8-raw",
    body: "html-images",
  },
  {
    lang: "pt",
    what: "school",
    from: "Escola Municipal <secretaria@escola-ipe.edu.br>",
    subject: "Reunião de pais e mestres na próxima sexta",
    text: "Convidamos os responsáveis para a reunião de encerramento do semestre, sexta-feira às 19h, no auditório. A presença é importante.",
    link: "https://escola-ipe.edu.br/agenda",
    enc: "latin1-raw",
    body: "plain",
  },
  {
    lang: "es",
    what: "gym",
    from: "Gimnasio Olimpo <hola@gimnasio-olimpo.es>",
    subject: "Nuevo horario de clases en diciembre",
    text: "A partir del lunes cambian los horarios de spinning y yoga. Consulta la tabla completa en la web o en recepción.",
    link: "https://gimnasio-olimpo.es/horarios",
    enc: "latin1-raw",
    body: "html-text",
  },
  {
    lang: "es",
    what: "store-promo",
    from: "Deportes Norte <novedades@deportes-norte.es>",
    subject: "Nuevas zapatillas Nike y Adidas en tienda",
    text: "Ya tenemos la nueva colección de zapatillas de running de Nike y Adidas. Ven a probarlas: te asesoramos sobre la pisada.",
    link: "https://t.co/DepNorte1",
    enc: "base64-utf8",
    body: "html-images",
  },
  {
    lang: "en",
    what: "newsletter-brands",
    from: "Tech Weekly <editor@techweekly-digest.com>",
    subject: "This week: Apple's new chip, Microsoft's AI push, PayPal fees",
    text: "In this issue: what Apple's new chip means for laptops, Microsoft's latest AI announcements, and the PayPal fee changes small sellers should know about.",
    link: "https://techweekly-digest.com/issues/212?utm_source=email",
    enc: "utf8-raw",
    body: "html-text",
  },
  {
    lang: "en",
    what: "charity",
    from: "Riverside Food Bank <team@riversidefoodbank.org>",
    subject: "Thank you: 12,000 meals this month",
    text: "Thanks to volunteers like you we served 12,000 meals in November. Our holiday drive runs until the 20th; drop-off hours are on our site.",
    link: "https://bit.ly/RFBholiday",
    enc: "qp-utf8-labelled-latin1",
    body: "html-images",
  },
  {
    lang: "en",
    what: "event",
    from: "City Library <events@citylibrary-events.org>",
    subject: "Author talk on Thursday – seats still free",
    text: "Join us Thursday at 6 pm for a talk with local authors. Entry is free; registration helps us plan the seating.",
    link: "https://citylibrary-events.org/talks",
    enc: "utf8-raw",
    body: "html-text",
  },
  {
    lang: "it",
    what: "store-promo",
    from: "Ferramenta Rossi <offerte@ferramenta-rossi.it>",
    subject: "Sconti d'inverno su utensili Bosch e Makita",
    text: "Fino a sabato sconti del 20% su trapani e avvitatori Bosch e Makita. Vi aspettiamo in negozio.",
    link: "https://ferramenta-rossi.it/offerte",
    enc: "latin1-raw",
    body: "html-images",
  },
  {
    lang: "nl",
    what: "municipality",
    from: "Gemeente Vlietdorp <info@vlietdorp.nl>",
    subject: "Wijziging afvalinzameling rond de feestdagen",
    text: "Rond Kerst en Oud en Nieuw wordt het afval op andere dagen opgehaald. Bekijk de afvalkalender voor uw adres.",
    link: "https://vlietdorp.nl/afvalkalender",
    enc: "base64-cp1252",
    body: "plain",
  },
  {
    lang: "nl",
    what: "store-promo",
    from: "Boekhandel Dijk <nieuws@boekhandel-dijk.nl>",
    subject: "Cadeautips voor Sinterklaas",
    text: "Op zoek naar een cadeau? Bekijk onze tips voor jong en oud, of kom langs voor persoonlijk advies. Inpakken is gratis.",
    link: "https://bit.ly/DijkTips",
    enc: "utf8-raw",
    body: "html-images",
  },
  // Added in the third round (issue 29): honest bulk mail from small senders on new-looking domains and
  // cheap TLDs, replies to a help desk on another domain, bounces through a mailing service, shorteners,
  // image-only bodies and brand names in product news.
  {
    lang: "en",
    what: "store-promo",
    from: "Harbour Candles <hello@harbourcandles.shop>",
    subject: "Winter scents are back – 20% off this weekend",
    text: "Our winter collection is back: cinnamon, pine and cedar. Take 20% off everything until Sunday, no code needed. Free shipping over £40.",
    link: "https://bit.ly/HarbourWinter",
    enc: "utf8-raw",
    body: "html-images",
    replyTo: "support@harbourcandles-help.example",
  },
  {
    lang: "de",
    what: "store-promo",
    from: "Kaffeerösterei Lange <news@roesterei-lange.shop>",
    subject: "Neue Röstung: Äthiopien Yirgacheffe",
    text: "Frisch geröstet und ab heute im Shop: ein fruchtiger Kaffee aus Äthiopien. Abonnenten erhalten die erste Packung 15 % günstiger.",
    link: "https://roesterei-lange.shop/neu?utm_source=newsletter",
    enc: "latin1-raw",
    body: "html-images",
    returnPath: "bounce-2271@mailout.mailservice-eu.example",
  },
  {
    lang: "fr",
    what: "retailer-newsletter",
    from: "Vélo Atelier <newsletter@velo-atelier.store>",
    subject: "Révision hiver : -15 % sur l'entretien de votre vélo",
    text: "Avant les premiers froids, faites réviser votre vélo : freins, transmission, éclairage. -15 % sur la révision jusqu'au 15 décembre, prise de rendez-vous en ligne.",
    link: "https://t.co/VeloAtl15",
    enc: "base64-utf8",
    body: "html-images",
  },
  {
    lang: "es",
    what: "retailer-newsletter",
    from: "Librería Agua <novedades@libreria-agua.es>",
    subject: "Novedades de la semana y firma de libros el sábado",
    text: "Esta semana llegan las novedades de Anagrama y Salamandra. El sábado a las 12:00 firma de libros con autores locales. Te esperamos.",
    link: "https://libreria-agua.es/agenda",
    enc: "qp-utf8-labelled-latin1",
    body: "html-text",
    replyTo: "tienda@libreria-agua-atencion.example",
  },
  {
    lang: "pt",
    what: "store-promo",
    from: "Padaria Trigo <ofertas@padariatrigo.online>",
    subject: "Encomendas de Natal abertas: panetone artesanal",
    text: "Já estão abertas as encomendas de panetone e bolo-rei artesanal para o Natal. Reserve até dia 18 e retire na loja.",
    link: "https://bit.ly/TrigoNatal",
    enc: "utf8-raw",
    body: "html-images",
  },
  {
    lang: "it",
    what: "retailer-newsletter",
    from: "Enoteca Bianchi <newsletter@enoteca-bianchi.it>",
    subject: "Degustazione di vini toscani venerdì sera",
    text: "Venerdì alle 19 degustazione di Chianti e Brunello con il produttore. Posti limitati, prenotazione consigliata. Sconto del 10% sulle bottiglie della serata.",
    link: "https://enoteca-bianchi.it/eventi?utm_campaign=degustazione",
    enc: "base64-cp1252",
    body: "html-text",
    returnPath: "bounces+881@send.newsletter-tool.example",
  },
  {
    lang: "nl",
    what: "store-promo",
    from: "Fietsenwinkel Smit <nieuws@fietsensmit.shop>",
    subject: "Black Friday: Gazelle en Batavus tot 25% korting",
    text: "Alleen dit weekend: tot 25% korting op e-bikes van Gazelle en Batavus uit voorraad. Proefrit maken kan zonder afspraak.",
    link: "https://t.co/SmitBF25",
    enc: "utf8-raw",
    body: "html-images",
    replyTo: "verkoop@fietsensmit-service.example",
  },
  {
    lang: "en",
    what: "deals-travel",
    from: "Coastline Travel <deals@coastline-travel.co>",
    subject: "Last-minute: 3 nights in Lisbon from €199",
    text: "Flights and three nights in a central hotel in Lisbon from €199 per person. Departures in January. Prices include taxes; limited rooms.",
    link: "https://coastline-travel.co/lisbon?utm_source=mail",
    enc: "qp-utf8-labelled-latin1",
    body: "html-images",
  },
  {
    lang: "en",
    what: "app-promo",
    from: "Budgetly <team@budgetly.app>",
    subject: "Your November spending summary is ready",
    text: "See where your money went in November: groceries, transport and subscriptions. Open the app to review your budget for December.",
    link: "https://budgetly.app/summary",
    enc: "utf8-raw",
    body: "html-text",
  },
  {
    lang: "de",
    what: "charity",
    from: "Tierheim Lindenau <spenden@tierheim-lindenau.de>",
    subject: "Weihnachtsaktion: Futterspende für unsere Hunde",
    text: "Auch dieses Jahr sammeln wir zu Weihnachten Futter und Decken für unsere Tiere. Spenden können Sie online oder direkt im Tierheim abgeben.",
    link: "https://bit.ly/TierheimXmas",
    enc: "latin1-raw",
    body: "html-images",
  },
  {
    lang: "fr",
    what: "invoice",
    from: "Mutuelle Santé Plus <contact@mutuelle-santeplus.fr>",
    subject: "Votre échéancier 2027 est disponible",
    text: "Votre échéancier de cotisations pour 2027 est disponible dans votre espace adhérent. Aucun changement de montant par rapport à cette année.",
    link: "https://mutuelle-santeplus.fr/espace",
    enc: "base64-cp1252",
    body: "plain",
  },
  {
    lang: "pt",
    what: "newsletter-brands",
    from: "Tech Semanal <editor@techsemanal.com.br>",
    subject: "Nesta edição: novo iPhone, Samsung e Mercado Pago",
    text: "Nesta edição comparamos o novo iPhone com o Samsung Galaxy, explicamos as novas tarifas do Mercado Pago e testamos fones de ouvido baratos.",
    link: "https://techsemanal.com.br/edicao/88",
    enc: "latin1-raw",
    body: "html-text",
  },
];

/** Drops what a Latin-1 mailer cannot encode (anything above U+00FF). */
const latin1Only = (s: string) => [...s].filter((c) => c.charCodeAt(0) <= 0xff).join("");

function domainOfFrom(from: string): string {
  return from.slice(from.lastIndexOf("@") + 1).replace(/>$/, "");
}

function htmlFor(s: Spec, host: string): string {
  const tracked = `https://click.${host}/t/${Buffer.from(s.what).toString("hex")}`;
  if (s.body === "html-images")
    return `<html><body style="margin:0"><table width="600"><tr><td><a href="${s.link}"><img src="https://img.${host}/banner-1.jpg" width="600" alt=""></a></td></tr><tr><td><a href="${s.link}"><img src="https://img.${host}/banner-2.jpg" width="600" alt=""></a></td></tr><tr><td style="font-size:10px"><a href="${tracked}">unsubscribe</a></td></tr></table><img src="https://open.${host}/o.gif" width="1" height="1"></body></html>`;
  return `<html><body><p>${s.text}</p><p><a href="${s.link}">${s.link.startsWith("https://bit.ly") || s.link.startsWith("https://t.co") ? "Open" : "More information"}</a></p><p style="font-size:10px"><a href="${tracked}">unsubscribe</a></p><img src="https://open.${host}/o.gif" width="1" height="1"></body></html>`;
}

function build(s: Spec, n: number): Buffer {
  const host = domainOfFrom(s.from);
  const html = s.body !== "plain";
  const content = html ? htmlFor(s, host) : `${s.text}\n\n${s.link}\n`;
  const headerCharset = s.enc === "latin1-raw" ? "latin1" : "utf8";
  let cte: string;
  let charset: string;
  let bodyBytes: Buffer;
  switch (s.enc) {
    case "utf8-raw":
      [cte, charset, bodyBytes] = ["8bit", "utf-8", Buffer.from(content, "utf8")];
      break;
    case "latin1-raw":
      // Latin-1 can hold neither € nor emoji: those become "EUR" / are dropped, as a real Latin-1 mailer would.
      [cte, charset, bodyBytes] = [
        "8bit",
        "iso-8859-1",
        Buffer.from(latin1Only(content.replace(/€/g, "EUR")), "latin1"),
      ];
      break;
    case "qp-utf8-labelled-latin1": {
      const bytes = Buffer.from(content, "utf8");
      let qp = "";
      let line = 0;
      for (const b of bytes) {
        const piece =
          (b >= 33 && b <= 126 && b !== 61) || b === 32
            ? String.fromCharCode(b)
            : b === 10
              ? "\r\n"
              : `=${b.toString(16).toUpperCase().padStart(2, "0")}`;
        if (piece === "\r\n") line = 0;
        else if (line + piece.length > 73) {
          qp += "=\r\n";
          line = 0;
        }
        qp += piece;
        line += piece === "\r\n" ? 0 : piece.length;
      }
      [cte, charset, bodyBytes] = ["quoted-printable", "iso-8859-1", Buffer.from(qp, "latin1")];
      break;
    }
    case "base64-cp1252":
      [cte, charset, bodyBytes] = [
        "base64",
        "windows-1252",
        Buffer.from(
          Buffer.from(latin1Only(content.replace(/€/g, "\x80")), "latin1")
            .toString("base64")
            .replace(/.{76}/g, "$&\r\n"),
          "latin1",
        ),
      ];
      break;
    case "base64-utf8":
      [cte, charset, bodyBytes] = [
        "base64",
        "utf-8",
        Buffer.from(Buffer.from(content, "utf8").toString("base64").replace(/.{76}/g, "$&\r\n"), "latin1"),
      ];
      break;
  }
  const headers = [
    `Received: from mta${n}.${host} (mta${n}.${host} [203.0.113.${10 + (n % 200)}]) by mx.example.net with ESMTPS; Wed, 25 Nov 2026 0${n % 10}:1${n % 6}:00 +0000`,
    `Authentication-Results: mx.example.net; spf=pass smtp.mailfrom=bounce.${host}; dkim=pass header.d=${host}; dmarc=pass header.from=${host}`,
    `From: ${s.from}`,
    `To: ${s.lang === "en" ? "alex" : "kunde"}@example.net`,
    `Subject: ${s.subject}`,
    `Date: Wed, 25 Nov 2026 0${n % 10}:0${n % 6}:00 +0000`,
    `Message-ID: <${(n * 7919).toString(36)}.${s.what}@${host}>`,
    `Return-Path: <${s.returnPath ?? `bounce-${n}@bounce.${host}`}>`,
    ...(s.replyTo ? [`Reply-To: ${s.replyTo}`] : []),
    ...(html ? [`List-Unsubscribe: <https://click.${host}/unsub>`] : []),
    "MIME-Version: 1.0",
    `Content-Type: ${html ? "text/html" : "text/plain"}; charset=${charset}`,
    `Content-Transfer-Encoding: ${cte}`,
  ].join("\r\n");
  const headerBytes =
    headerCharset === "latin1"
      ? Buffer.from(latin1Only(headers.replace(/€/g, "EUR")), "latin1")
      : Buffer.from(headers, "utf8");
  return Buffer.concat([headerBytes, Buffer.from("\r\n\r\n"), bodyBytes, Buffer.from("\r\n")]);
}

function main() {
  const phishDir = path.join(EVAL_DIR, "phishing");
  const legitDir = path.join(EVAL_DIR, "legitimate");
  mkdirSync(phishDir, { recursive: true });
  for (const f of readdirSync(phishDir)) if (/^2\d\d-/.test(f)) rmSync(path.join(phishDir, f));
  for (const f of readdirSync(legitDir)) if (f.startsWith("hardlegit-")) rmSync(path.join(legitDir, f));
  LURES.forEach((s, i) => {
    const n = 201 + i;
    writeFileSync(path.join(phishDir, `${n}-${s.lang}-${s.what}-authenticated.eml`), build(s, n));
  });
  LEGIT.forEach((s, i) => {
    const n = i + 1;
    writeFileSync(
      path.join(legitDir, `hardlegit-${String(n).padStart(3, "0")}-${s.lang}-${s.what}.eml`),
      build(s, 100 + n),
    );
  });
  console.log(`wrote ${LURES.length} phishing/scam and ${LEGIT.length} legitimate messages`);
}

main();
