/**
 * Text for the evaluation set's phishing messages, written for this project
 * (no third-party text). Kept apart from training-examples.ts on purpose:
 * the model is evaluated on wording it was not trained on.
 *
 * Placeholders: {brand} {name} {amount} {id} {deadline} {date}.
 */
export type Cat = "account" | "kyc" | "prize" | "crypto" | "casino" | "invoice" | "parcel" | "mailbox" | "refund";
export type Lang = "en" | "pt" | "de" | "nl" | "es" | "fr" | "it";
export type Bank = {
  greet: string[];
  sign: string[];
  deadline: string[];
  pressure: string[];
  cta: string[];
  cats: Partial<Record<Cat, { subj: string[]; body: string[] }>>;
};

export const PHISH_BANK: Record<Lang, Bank> = {
  en: {
    greet: [
      "Dear Customer,",
      "Dear {name},",
      "Hello,",
      "Dear Valued Member,",
      "Attention Account Holder,",
      "Hi {name},",
    ],
    sign: [
      "{brand} Security Team",
      "Customer Support",
      "The {brand} Team",
      "Account Services Department",
      "{brand} Compliance Unit",
    ],
    deadline: ["within 24 hours", "by the end of the day", "within 48 hours", "before {date}", "within 12 hours"],
    pressure: [
      "If we do not hear from you {deadline}, access will be permanently restricted.",
      "Failure to act {deadline} will lead to the closure of your profile and loss of stored data.",
      "This is the final reminder before your services are terminated.",
      "For your protection, some features are on hold until this is resolved.",
      "Ignoring this notice may result in additional fees.",
    ],
    cta: [
      "Verify Now",
      "Restore Access",
      "Confirm My Identity",
      "Review Activity",
      "Log In Securely",
      "Claim Now",
      "Update Details",
      "View Document",
    ],
    cats: {
      account: {
        subj: [
          "Important: your {brand} account has been restricted",
          "Unusual sign-in detected on your account",
          "[Case #{id}] Account temporarily suspended",
          "Your {brand} access is on hold",
          "We couldn't verify your recent activity",
        ],
        body: [
          "Our automated system detected a login from an unrecognized device in Lagos, Nigeria. To keep your account safe we have temporarily suspended outgoing payments.",
          "We were unable to validate the information associated with your account. As a precaution, your access has been limited.",
          "A series of failed password attempts was recorded on your profile. Please confirm that you are the rightful owner.",
          "Your account was flagged during a routine security review. Confirm your details so we can lift the hold.",
        ],
      },
      kyc: {
        subj: [
          "Complete your KYC verification",
          "KYC update required for account {id}",
          "Mandatory identity re-verification",
          "Action needed: customer due diligence",
        ],
        body: [
          "In line with anti-money-laundering regulations, all customers must update their KYC documents. Your record is incomplete.",
          "Your identification documents on file have expired. Upload a valid ID and confirm your personal information to continue using online banking.",
          "We are required by the regulator to re-verify customer identities this quarter. Your verification is still pending.",
        ],
      },
      prize: {
        subj: [
          "Congratulations {name}! You're our lucky winner",
          "You have been selected: claim your reward",
          "Final notice: unclaimed prize of {amount}",
          "Your loyalty gift is waiting",
        ],
        body: [
          "Your email address was drawn in our international promotion and you have won {amount}. To release the funds we only need your delivery details and a small processing fee.",
          "As a thank-you for being a loyal customer, you have been chosen to receive a brand-new iPhone 15 Pro. Only 3 rewards remain.",
          "You are one of ten participants selected to receive a {brand} gift card worth {amount}. Answer four quick questions to claim it.",
        ],
      },
      crypto: {
        subj: [
          "Your wallet has received {amount} in BTC",
          "Bitcoin withdrawal pending: confirm now",
          "Elon's new crypto giveaway - double your coins",
          "Last chance: AI trading bot returns 340%",
        ],
        body: [
          "A deposit of 0.4821 BTC has been credited to your account but is awaiting confirmation. Connect your wallet to complete the withdrawal.",
          "Our AI-powered trading platform made early investors 340% in one month. Start with just $250 and watch your profits grow daily, guaranteed.",
          "Send any amount of ETH to the official event address and receive double back instantly. Only for the next hour.",
        ],
      },
      casino: {
        subj: [
          "{name}, 300 free spins are waiting for you",
          "Your exclusive casino bonus expires tonight",
          "Jackpot alert: {amount} bonus credited",
        ],
        body: [
          "Your VIP casino account has been credited with a 400% welcome bonus and 300 free spins. No deposit needed to start playing.",
          "Players like you are winning big this week. Log in now to collect your {amount} bonus before midnight.",
        ],
      },
      invoice: {
        subj: [
          "Invoice {id} - payment overdue",
          "Remittance advice for your records",
          "RE: outstanding balance {amount}",
          "Payment confirmation #{id}",
        ],
        body: [
          "Please find the outstanding invoice attached. Our records show it is now 14 days overdue and a late fee will be applied.",
          "We have processed a payment of {amount} to your account. Review the remittance document to confirm the transfer.",
          "Our bank details have changed. Kindly settle the open balance to the new account shown in the secure document.",
        ],
      },
      parcel: {
        subj: [
          "Delivery attempt failed - action required",
          "Your package {id} is on hold",
          "Customs fee unpaid for your shipment",
          "Reschedule your delivery",
        ],
        body: [
          "We tried to deliver your parcel today but the address label was incomplete. Confirm your address and pay the $2.99 redelivery charge.",
          "Your shipment is being held at our depot because of unpaid import duties. Pay online to release it.",
        ],
      },
      mailbox: {
        subj: [
          "Mailbox quota exceeded",
          "Your email password expires today",
          "Pending incoming messages (7) not delivered",
          "Microsoft 365: re-validate your mailbox",
        ],
        body: [
          "Your mailbox has exceeded its storage limit. 7 incoming messages are held on the server and will be deleted unless you validate your account.",
          "Your password is set to expire today. Use the link below to keep your current password and avoid losing access to your mailbox.",
        ],
      },
      refund: {
        subj: [
          "Tax refund notification",
          "You are eligible for a refund of {amount}",
          "Refund approved - confirm your card",
        ],
        body: [
          "After the annual calculation of your fiscal activity we have determined that you are eligible to receive a refund of {amount}.",
          "Due to a billing error you were charged twice. Submit your card details so we can send the refund.",
        ],
      },
    },
  },
  pt: {
    greet: ["Prezado(a) cliente,", "Olá {name},", "Caro cliente,", "Prezado usuário,", "Atenção,"],
    sign: ["Equipe {brand}", "Central de Atendimento", "Departamento de Segurança {brand}", "Atendimento ao Cliente"],
    deadline: ["em até 24 horas", "ainda hoje", "nas próximas 48 horas", "até {date}"],
    pressure: [
      "Caso não regularize {deadline}, seu acesso será cancelado definitivamente.",
      "O não cumprimento resultará no bloqueio do seu cartão e da sua conta.",
      "Este é o último aviso antes da suspensão dos serviços.",
      "Evite transtornos e multas: resolva agora mesmo.",
    ],
    cta: [
      "Regularizar agora",
      "Acessar minha conta",
      "Confirmar dados",
      "Resgatar prêmio",
      "Liberar encomenda",
      "Ver boleto",
    ],
    cats: {
      account: {
        subj: [
          "Sua conta {brand} foi bloqueada temporariamente",
          "Detectamos um acesso incomum",
          "Aviso: conta suspensa - protocolo {id}",
          "Seu acesso ao internet banking expira hoje",
        ],
        body: [
          "Identificamos uma tentativa de acesso ao seu internet banking a partir de um novo dispositivo. Por segurança, bloqueamos temporariamente sua conta.",
          "Seu dispositivo de segurança (token) está desatualizado. Para continuar usando o aplicativo é necessário reativá-lo.",
          "Houve uma movimentação suspeita no valor de {amount} em sua conta. Se não reconhece esta operação, confirme seus dados.",
        ],
      },
      kyc: {
        subj: [
          "Atualização cadastral pendente",
          "Recadastramento obrigatório - Banco Central",
          "Seus dados precisam ser atualizados",
        ],
        body: [
          "De acordo com as novas normas do Banco Central, todos os clientes devem atualizar seus dados cadastrais. Identificamos pendências no seu cadastro.",
          "Seu cadastro está incompleto e sua chave Pix será desativada. Envie uma foto do documento e confirme seus dados.",
        ],
      },
      prize: {
        subj: [
          "Parabéns! Você ganhou {amount}",
          "Seu prêmio está disponível para resgate",
          "Você foi contemplado na promoção {brand}",
        ],
        body: [
          "Seu CPF foi sorteado em nossa promoção de aniversário e você ganhou {amount}. Para receber, basta confirmar seus dados e pagar a taxa de liberação.",
          "Clientes selecionados ganharam uma Smart TV 55 polegadas. Responda a pesquisa rápida e resgate seu presente.",
        ],
      },
      crypto: {
        subj: [
          "Renda extra com bitcoin: lucros de 5% ao dia",
          "Seu saldo em cripto aguarda saque",
          "Invista R$ 200 e ganhe R$ 5.000",
        ],
        body: [
          "Nossa plataforma de investimento automatizado gera lucros garantidos todos os dias. Comece com apenas R$ 200 e saque quando quiser.",
          "Você tem um saldo de 0,19 BTC disponível para saque. Conecte sua carteira para concluir a transferência.",
        ],
      },
      casino: {
        subj: [
          "Bônus exclusivo: 200 giros grátis",
          "{name}, seu bônus de R$ 500 expira hoje",
          "Aposte e ganhe: bônus liberado",
        ],
        body: [
          "Você recebeu um bônus de boas-vindas de 100% até R$ 500 e 200 giros grátis no cassino. Jogue agora e multiplique seus ganhos.",
          "Seu saldo de bônus já está disponível. Faça seu primeiro depósito via Pix e ganhe o dobro.",
        ],
      },
      invoice: {
        subj: ["Boleto em aberto - evite protesto", "Fatura {id} vencida", "Segunda via da sua fatura"],
        body: [
          "Consta em nosso sistema um débito em aberto no valor de {amount}. Evite a inclusão do seu nome nos órgãos de proteção ao crédito.",
          "Sua fatura venceu e o serviço será suspenso. Emita a segunda via do boleto com desconto.",
        ],
      },
      parcel: {
        subj: ["Sua encomenda foi taxada", "Objeto aguardando pagamento - {id}", "Entrega não realizada"],
        body: [
          "Sua encomenda internacional foi tributada e está retida. Efetue o pagamento da taxa de importação de R$ 39,90 para liberar a entrega.",
          "Não foi possível entregar seu objeto por falta de informações. Confirme o endereço e pague a taxa de reenvio.",
        ],
      },
      refund: {
        subj: ["Restituição do Imposto de Renda disponível", "Você tem valores a receber"],
        body: [
          "Existe uma restituição de {amount} em seu nome disponível para saque. Confirme seus dados bancários para receber o valor.",
        ],
      },
    },
  },
  de: {
    greet: [
      "Sehr geehrte Kundin, sehr geehrter Kunde,",
      "Hallo {name},",
      "Guten Tag,",
      "Sehr geehrte/r {name},",
      "Lieber Kunde,",
    ],
    sign: [
      "Ihr {brand} Kundenservice",
      "Mit freundlichen Grüßen, Ihr {brand} Team",
      "Sicherheitsabteilung",
      "Kundenbetreuung",
    ],
    deadline: ["innerhalb von 24 Stunden", "bis heute Abend", "innerhalb von 48 Stunden", "bis zum {date}"],
    pressure: [
      "Sollten Sie dies nicht {deadline} erledigen, wird Ihr Zugang dauerhaft gesperrt.",
      "Andernfalls sind wir gezwungen, Ihr Konto zu schließen und Gebühren zu erheben.",
      "Dies ist die letzte Erinnerung vor der Sperrung.",
      "Bitte haben Sie Verständnis für diese Sicherheitsmaßnahme.",
    ],
    cta: [
      "Jetzt bestätigen",
      "Konto entsperren",
      "Zum Kundenportal",
      "Gewinn anfordern",
      "Zahlung ansehen",
      "Daten aktualisieren",
    ],
    cats: {
      account: {
        subj: [
          "Ihr Konto wurde eingeschränkt",
          "Wichtige Sicherheitsmitteilung zu Ihrem {brand} Konto",
          "Ungewöhnliche Anmeldung festgestellt",
          "Vorgang {id}: Zugang gesperrt",
        ],
        body: [
          "Wir haben eine Anmeldung von einem unbekannten Gerät festgestellt. Zu Ihrem Schutz wurde Ihr Online-Banking vorübergehend gesperrt.",
          "Ihr pushTAN-Verfahren muss aktualisiert werden. Ohne Aktualisierung können Sie keine Überweisungen mehr freigeben.",
          "Bei einer Routineprüfung konnten wir Ihre Angaben nicht verifizieren. Bestätigen Sie Ihre Daten, um die Einschränkung aufzuheben.",
        ],
      },
      kyc: {
        subj: [
          "Legitimationsprüfung erforderlich",
          "Aktualisierung Ihrer Kundendaten (Geldwäschegesetz)",
          "Identitätsprüfung noch nicht abgeschlossen",
        ],
        body: [
          "Gemäß Geldwäschegesetz sind wir verpflichtet, Ihre Identität erneut zu prüfen. Ihre hinterlegten Ausweisdaten sind abgelaufen.",
          "Ihre Kundendaten sind unvollständig. Führen Sie die Video-Legitimation durch, um Ihr Konto weiter nutzen zu können.",
        ],
      },
      prize: {
        subj: [
          "Glückwunsch! Sie wurden als Gewinner ausgewählt",
          "Ihr Gewinn über {amount} wartet",
          "Treuebonus: Ihr Geschenk ist da",
        ],
        body: [
          "Ihre E-Mail-Adresse wurde bei unserer Jahresverlosung gezogen. Sie haben {amount} gewonnen. Bestätigen Sie Ihre Daten für die Auszahlung.",
          "Als Dankeschön für Ihre Treue erhalten Sie einen Dyson Staubsauger. Es fallen nur Versandkosten von 2 € an.",
        ],
      },
      crypto: {
        subj: [
          "Passives Einkommen mit Bitcoin: bis zu 1.200 € am Tag",
          "Ihre Krypto-Auszahlung ist bereit",
          "Prominente investieren heimlich in diese Plattform",
        ],
        body: [
          "Mit unserem automatischen Handelsroboter verdienen Anleger täglich bis zu 1.200 €. Startkapital nur 250 €, Gewinne garantiert.",
          "Auf Ihrem Konto liegen 0,37 BTC zur Auszahlung bereit. Verbinden Sie Ihre Wallet, um die Transaktion abzuschließen.",
        ],
      },
      casino: {
        subj: [
          "{name}, 150 Freispiele warten auf Sie",
          "Ihr exklusiver Casino-Bonus läuft heute ab",
          "Jackpot geknackt? Ihr Bonus ist gutgeschrieben",
        ],
        body: [
          "Ihr Casino-Konto wurde mit einem Willkommensbonus von 200 % und 150 Freispielen aufgeladen. Ohne Einzahlung sofort spielen.",
          "Diese Woche gewinnen Spieler wie Sie besonders oft. Melden Sie sich an und sichern Sie sich {amount} Bonus.",
        ],
      },
      invoice: {
        subj: [
          "Mahnung: Rechnung {id} ist überfällig",
          "Zahlungserinnerung - letzte Frist",
          "Ihre Rechnung vom {date}",
        ],
        body: [
          "Trotz unserer Erinnerung ist der Betrag von {amount} noch nicht bei uns eingegangen. Bei Nichtzahlung wird der Vorgang an ein Inkassobüro übergeben.",
          "Im Anhang finden Sie die Rechnung. Bitte überweisen Sie den offenen Betrag auf unser neues Konto.",
        ],
      },
      parcel: {
        subj: [
          "Ihre Sendung konnte nicht zugestellt werden",
          "Zollgebühr für Sendung {id} offen",
          "Paket wartet auf Zustellung",
        ],
        body: [
          "Ihr Paket konnte heute nicht zugestellt werden, da die Adresse unvollständig ist. Bitte bestätigen Sie Ihre Adresse und zahlen Sie 1,99 € Gebühr.",
          "Für Ihre Sendung fallen Zollgebühren an. Nach Zahlung wird das Paket innerhalb von 2 Werktagen zugestellt.",
        ],
      },
      mailbox: {
        subj: ["Ihr Postfach ist voll", "Passwort läuft ab - jetzt bestätigen"],
        body: [
          "Ihr Postfach hat das Speicherlimit erreicht. Eingehende Nachrichten werden zurückgehalten, bis Sie Ihr Konto bestätigen.",
        ],
      },
    },
  },
  nl: {
    greet: ["Geachte klant,", "Beste {name},", "Hallo,", "Beste klant,", "Geachte heer/mevrouw,"],
    sign: ["Met vriendelijke groet, {brand} Klantenservice", "Team {brand}", "Afdeling Beveiliging", "Klantenservice"],
    deadline: ["binnen 24 uur", "vandaag nog", "binnen 48 uur", "vóór {date}"],
    pressure: [
      "Als u dit niet {deadline} doet, wordt uw rekening definitief geblokkeerd.",
      "Zonder uw reactie zijn wij genoodzaakt extra kosten in rekening te brengen.",
      "Dit is de laatste herinnering.",
      "Wij danken u voor uw medewerking.",
    ],
    cta: ["Nu verifiëren", "Inloggen", "Gegevens bijwerken", "Prijs claimen", "Betaling voltooien", "Bekijk factuur"],
    cats: {
      account: {
        subj: [
          "Uw rekening is tijdelijk geblokkeerd",
          "Verdachte inlogpoging op uw account",
          "Belangrijk: uw {brand} account is beperkt",
          "Melding {id}: toegang opgeschort",
        ],
        body: [
          "Wij hebben een inlogpoging vanaf een onbekend apparaat gedetecteerd. Uit voorzorg is uw internetbankieren tijdelijk geblokkeerd.",
          "Uw betaalpas verloopt binnenkort en moet worden vervangen. Vraag direct een nieuwe pas aan om te voorkomen dat u niet meer kunt betalen.",
          "Uw scanner moet worden bijgewerkt volgens de nieuwe veiligheidsrichtlijnen.",
        ],
      },
      kyc: {
        subj: [
          "Controle van uw gegevens vereist",
          "Wettelijke identiteitscontrole (Wwft)",
          "Uw klantgegevens zijn verlopen",
        ],
        body: [
          "Op grond van de Wwft zijn wij verplicht uw identiteit periodiek te controleren. Uw legitimatiebewijs is verlopen.",
          "Wij missen nog enkele gegevens in uw klantprofiel. Vul deze aan om beperkingen op uw rekening te voorkomen.",
        ],
      },
      prize: {
        subj: [
          "Gefeliciteerd! U bent onze winnaar",
          "Uw prijs van {amount} ligt klaar",
          "Laatste kans om uw cadeau te claimen",
        ],
        body: [
          "Uw e-mailadres is getrokken in onze jaarlijkse verloting. U heeft {amount} gewonnen. Bevestig uw gegevens om de prijs te ontvangen.",
          "Als trouwe klant maakt u kans op een gratis Philips Airfryer. Beantwoord drie vragen en betaal alleen de verzendkosten.",
        ],
      },
      crypto: {
        subj: [
          "Verdien tot € 900 per dag met bitcoin",
          "Uw crypto-uitbetaling staat klaar",
          "Nederlanders worden rijk met deze app",
        ],
        body: [
          "Met ons slimme handelsplatform verdienen gewone Nederlanders tot € 900 per dag. Begin met € 250, winst gegarandeerd.",
          "Er staat 0,52 BTC klaar voor uitbetaling. Koppel uw wallet om de transactie te bevestigen.",
        ],
      },
      casino: {
        subj: [
          "{name}, uw 100 gratis spins wachten",
          "Exclusieve casino bonus vervalt vanavond",
          "Uw bonus van {amount} is bijgeschreven",
        ],
        body: [
          "Uw casino-account is opgewaardeerd met een welkomstbonus van 200% en 100 gratis spins. Speel direct zonder storting.",
          "Deze week winnen spelers zoals u vaker. Log in en claim uw bonus voor middernacht.",
        ],
      },
      invoice: {
        subj: ["Openstaande factuur {id}", "Laatste aanmaning voor incasso", "Betalingsherinnering"],
        body: [
          "Ondanks eerdere herinneringen hebben wij het bedrag van {amount} nog niet ontvangen. Zonder betaling wordt de vordering uit handen gegeven.",
          "In de bijlage vindt u de factuur. Let op: ons rekeningnummer is gewijzigd.",
        ],
      },
      parcel: {
        subj: ["Uw pakket kon niet worden bezorgd", "Invoerrechten voor zending {id}", "Bezorging mislukt"],
        body: [
          "Wij konden uw pakket vandaag niet bezorgen omdat het adres onvolledig is. Bevestig uw adres en betaal € 1,95 voor een nieuwe bezorging.",
          "Voor uw zending moeten invoerrechten worden betaald. Na betaling wordt het pakket binnen twee dagen bezorgd.",
        ],
      },
    },
  },
  es: {
    greet: ["Estimado cliente:", "Hola {name},", "Estimado/a usuario/a:", "Apreciado cliente,"],
    sign: [
      "Atentamente, el equipo de {brand}",
      "Servicio de Atención al Cliente",
      "Departamento de Seguridad",
      "{brand} Soporte",
    ],
    deadline: ["en un plazo de 24 horas", "hoy mismo", "en las próximas 48 horas", "antes del {date}"],
    pressure: [
      "Si no lo hace {deadline}, su acceso quedará bloqueado de forma definitiva.",
      "En caso contrario nos veremos obligados a cancelar sus servicios.",
      "Este es el último aviso.",
      "Disculpe las molestias ocasionadas.",
    ],
    cta: [
      "Verificar ahora",
      "Acceder a mi cuenta",
      "Actualizar datos",
      "Reclamar premio",
      "Pagar ahora",
      "Ver factura",
    ],
    cats: {
      account: {
        subj: [
          "Su cuenta ha sido suspendida temporalmente",
          "Hemos detectado un acceso no autorizado",
          "Aviso de seguridad: {brand}",
          "Incidencia {id} en su banca online",
        ],
        body: [
          "Hemos detectado un inicio de sesión desde un dispositivo desconocido. Por su seguridad, su banca online ha sido bloqueada temporalmente.",
          "Se ha registrado un cargo de {amount} que no coincide con sus hábitos. Si no reconoce la operación, cancélela.",
          "Debido a una actualización de nuestros sistemas, es necesario que confirme su identidad.",
        ],
      },
      kyc: {
        subj: [
          "Actualización de datos obligatoria",
          "Verificación de identidad pendiente",
          "Su documentación ha caducado",
        ],
        body: [
          "De acuerdo con la normativa de prevención de blanqueo de capitales, debe actualizar su documentación. Su DNI registrado ha caducado.",
          "Sus datos personales están incompletos. Complete la verificación para evitar la limitación de su cuenta.",
        ],
      },
      prize: {
        subj: [
          "¡Enhorabuena! Ha sido seleccionado",
          "Su premio de {amount} le espera",
          "Último aviso: premio sin reclamar",
        ],
        body: [
          "Su dirección de correo ha resultado ganadora en nuestro sorteo internacional. Ha ganado {amount}. Para recibirlo, confirme sus datos.",
          "Como cliente fiel ha sido elegido para recibir un Samsung Galaxy. Solo debe abonar los gastos de envío de 1,95 €.",
        ],
      },
      crypto: {
        subj: [
          "Gane hasta 800 € al día con bitcoin",
          "Su retiro de criptomonedas está pendiente",
          "El secreto de los famosos para invertir",
        ],
        body: [
          "Nuestra plataforma de inversión automática genera beneficios garantizados cada día. Empiece con 250 € y retire cuando quiera.",
          "Tiene 0,28 BTC pendientes de retirar. Conecte su monedero para completar la operación.",
        ],
      },
      casino: {
        subj: ["{name}, tiene 100 tiradas gratis", "Su bono de casino caduca esta noche"],
        body: [
          "Su cuenta de casino ha recibido un bono de bienvenida del 200% y 100 tiradas gratis. Juegue ya sin depósito.",
        ],
      },
      invoice: {
        subj: ["Factura {id} pendiente de pago", "Aviso de impago", "Recordatorio de pago"],
        body: [
          "Le recordamos que la factura por importe de {amount} sigue pendiente. Si no se abona, iniciaremos acciones de recobro.",
          "Adjuntamos la factura. Tenga en cuenta que nuestros datos bancarios han cambiado.",
        ],
      },
      parcel: {
        subj: ["Su envío está retenido en aduanas", "Entrega fallida del paquete {id}"],
        body: [
          "Su paquete está retenido por falta de pago de las tasas de aduana (2,99 €). Realice el pago para recibir el envío.",
          "No hemos podido entregar su paquete. Confirme su dirección y programe una nueva entrega.",
        ],
      },
      refund: {
        subj: ["Devolución de impuestos pendiente", "Tiene un reembolso disponible"],
        body: [
          "Tras revisar su declaración, tiene derecho a una devolución de {amount}. Confirme los datos de su tarjeta para recibirla.",
        ],
      },
    },
  },
  fr: {
    greet: ["Cher client,", "Bonjour {name},", "Madame, Monsieur,", "Bonjour,"],
    sign: ["Cordialement, le service client {brand}", "L'équipe {brand}", "Service Sécurité", "Le service clientèle"],
    deadline: ["sous 24 heures", "avant ce soir", "sous 48 heures", "avant le {date}"],
    pressure: [
      "Sans action de votre part {deadline}, votre accès sera définitivement bloqué.",
      "À défaut, des frais supplémentaires seront appliqués.",
      "Ceci est notre dernier rappel.",
      "Nous vous remercions de votre compréhension.",
    ],
    cta: [
      "Vérifier maintenant",
      "Accéder à mon espace",
      "Mettre à jour",
      "Récupérer mon cadeau",
      "Payer les frais",
      "Consulter la facture",
    ],
    cats: {
      account: {
        subj: [
          "Votre compte a été temporairement suspendu",
          "Connexion inhabituelle détectée",
          "Alerte sécurité {brand}",
          "Dossier {id} : accès restreint",
        ],
        body: [
          "Nous avons détecté une connexion depuis un appareil inconnu. Par mesure de sécurité, votre espace client a été suspendu.",
          "Votre carte Vitale doit être renouvelée. Complétez le formulaire pour recevoir votre nouvelle carte.",
          "Suite à une mise à jour de nos conditions, vous devez confirmer vos informations personnelles.",
        ],
      },
      kyc: {
        subj: ["Mise à jour obligatoire de vos informations", "Vérification d'identité en attente"],
        body: [
          "Conformément à la réglementation, nous devons vérifier à nouveau votre identité. Votre pièce d'identité enregistrée a expiré.",
        ],
      },
      prize: {
        subj: [
          "Félicitations ! Vous avez été sélectionné",
          "Votre cadeau de {amount} vous attend",
          "Dernière chance de réclamer votre gain",
        ],
        body: [
          "Votre adresse a été tirée au sort lors de notre jeu annuel. Vous avez gagné {amount}. Confirmez vos coordonnées pour recevoir votre gain.",
          "Pour vous remercier de votre fidélité, vous pouvez recevoir une trottinette électrique. Seuls les frais de port de 1,95 € sont à régler.",
        ],
      },
      crypto: {
        subj: ["Gagnez jusqu'à 1 000 € par jour grâce au bitcoin", "Votre retrait crypto est en attente"],
        body: [
          "Notre plateforme de trading automatisé génère des gains garantis chaque jour. Commencez avec 250 € seulement.",
        ],
      },
      casino: {
        subj: ["{name}, 100 tours gratuits vous attendent", "Votre bonus casino expire ce soir"],
        body: [
          "Votre compte casino a été crédité d'un bonus de bienvenue de 200 % et de 100 tours gratuits. Jouez sans dépôt.",
        ],
      },
      invoice: {
        subj: ["Facture {id} impayée", "Relance avant mise en recouvrement"],
        body: [
          "Malgré nos relances, la somme de {amount} reste due. Sans règlement, le dossier sera transmis à notre service contentieux.",
        ],
      },
      parcel: {
        subj: ["Votre colis n'a pas pu être livré", "Frais de douane à régler pour le colis {id}"],
        body: [
          "Votre colis est en attente suite à une adresse incomplète. Confirmez votre adresse et réglez les frais de 1,99 €.",
          "Des droits de douane sont dus pour votre envoi. Après paiement, la livraison sera effectuée sous 48 heures.",
        ],
      },
      refund: {
        subj: ["Remboursement d'impôt en attente", "Vous avez droit à un remboursement"],
        body: [
          "Après vérification de votre déclaration, un remboursement de {amount} vous est dû. Renseignez votre carte bancaire pour le recevoir.",
        ],
      },
    },
  },
  it: {
    greet: ["Gentile cliente,", "Ciao {name},", "Gentile utente,", "Buongiorno,"],
    sign: ["Cordiali saluti, il team {brand}", "Servizio Clienti", "Ufficio Sicurezza {brand}", "Assistenza clienti"],
    deadline: ["entro 24 ore", "entro oggi", "entro 48 ore", "entro il {date}"],
    pressure: [
      "Se non procede {deadline}, l'accesso verrà bloccato definitivamente.",
      "In caso contrario saranno applicate penali.",
      "Questo è l'ultimo avviso.",
      "Ci scusiamo per il disagio.",
    ],
    cta: ["Verifica ora", "Accedi", "Aggiorna i dati", "Riscatta il premio", "Paga ora", "Visualizza fattura"],
    cats: {
      account: {
        subj: [
          "Il suo conto è stato sospeso",
          "Accesso anomalo rilevato",
          "Avviso di sicurezza {brand}",
          "Pratica {id}: accesso limitato",
        ],
        body: [
          "Abbiamo rilevato un accesso da un dispositivo sconosciuto. Per la sua sicurezza l'home banking è stato temporaneamente bloccato.",
          "È necessario aggiornare il sistema di autenticazione della sua carta. Senza aggiornamento non potrà effettuare pagamenti.",
          "Un bonifico di {amount} è in attesa di autorizzazione. Se non lo riconosce, annulli l'operazione.",
        ],
      },
      kyc: {
        subj: ["Adeguata verifica della clientela", "Aggiornamento documenti richiesto"],
        body: [
          "In base alla normativa antiriciclaggio dobbiamo verificare nuovamente i suoi dati. Il documento d'identità registrato è scaduto.",
        ],
      },
      prize: {
        subj: [
          "Complimenti! Sei il vincitore",
          "Il tuo premio di {amount} ti aspetta",
          "Ultima possibilità per il tuo regalo",
        ],
        body: [
          "Il tuo indirizzo email è stato estratto nel nostro concorso annuale. Hai vinto {amount}. Conferma i tuoi dati per ricevere il premio.",
          "Per ringraziarti della tua fedeltà puoi ricevere un set di pentole. Paghi solo la spedizione di 1,95 €.",
        ],
      },
      crypto: {
        subj: ["Guadagna fino a 700 € al giorno con il bitcoin", "Il tuo prelievo crypto è in attesa"],
        body: [
          "La nostra piattaforma di trading automatico genera profitti garantiti ogni giorno. Inizia con soli 250 €.",
        ],
      },
      casino: {
        subj: ["{name}, 100 giri gratis ti aspettano", "Il tuo bonus casinò scade stasera"],
        body: [
          "Il tuo conto casinò è stato accreditato con un bonus di benvenuto del 200% e 100 giri gratis. Gioca subito senza deposito.",
        ],
      },
      invoice: {
        subj: ["Fattura {id} non pagata", "Sollecito di pagamento"],
        body: [
          "Nonostante i nostri solleciti l'importo di {amount} risulta ancora non pagato. In mancanza di pagamento la pratica passerà al recupero crediti.",
        ],
      },
      parcel: {
        subj: ["Il tuo pacco è in giacenza", "Spedizione {id}: dazi da pagare"],
        body: [
          "Il tuo pacco non è stato consegnato per indirizzo incompleto. Conferma l'indirizzo e paga 1,99 € per la riconsegna.",
          "Per la tua spedizione sono dovuti dazi doganali. Dopo il pagamento il pacco sarà consegnato in 48 ore.",
        ],
      },
      refund: {
        subj: ["Rimborso fiscale in attesa"],
        body: [
          "Dall'analisi della sua dichiarazione risulta un rimborso di {amount}. Inserisca i dati della carta per riceverlo.",
        ],
      },
    },
  },
};
