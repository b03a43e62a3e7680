/**
 * Our own training examples for the phishing text model, written for this
 * project (no third-party text), in English, Spanish, Portuguese, French,
 * German, Italian and Dutch. The SpamAssassin corpus is English mail from
 * 2002; these bring today's lures (KYC, crypto, casino, parcel, account
 * suspension) and today's legitimate mail (newsletters, receipts, list mail)
 * in the languages the analyzer meets.
 *
 * Each entry is a short subject and body; `ownExamples()` combines every
 * entry with a few link and brand variations chosen by a seeded generator,
 * so the output is the same on every run. None of this text is reused by
 * the evaluation set (tests/fixtures/phishing-eval), which has its own.
 */
import type { ModelInput } from "~/modules/phishing/index.server";

export type OwnExample = ModelInput & { id: string; label: 0 | 1; lang: string };

type Entry = [subject: string, body: string];
type Lang = "en" | "es" | "pt" | "fr" | "de" | "it" | "nl";

const PHISH: Record<Lang, Entry[]> = {
  en: [
    [
      "Quick favor",
      "Are you available? I'm in a meeting and can't talk. I need you to buy 5 Apple gift cards of $100 each for a client today. Scratch the back and send me photos of the codes. I'll reimburse you.",
    ],
    [
      "Urgent wire transfer",
      "I need you to process a wire transfer of $48,500 to a new supplier today. Keep this confidential until the deal is announced. I'll send the bank details. Reply as soon as you see this.",
    ],
    [
      "Change of direct deposit",
      "I changed banks and would like my salary paid into my new account from this month. Can you update it before the next payroll run? Let me know what you need.",
    ],
    [
      "I know your password",
      "I have access to your device and recorded you. Transfer $1,450 in Bitcoin to the wallet below within 48 hours or I will send the video to all your contacts. BTC address: bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
    ],
    [
      "Beneficiary of unclaimed inheritance",
      "I am Barrister Williams, attorney to the late engineer who died without a next of kin. You have been named beneficiary of USD 8.5 million. Reply with your full name, phone and address.",
    ],
    [
      "Work from home: earn $500 a day",
      "We are hiring remote assistants. No experience needed, flexible hours, weekly payment. Register today, limited vacancies. {url}",
    ],
    [
      "Your Norton subscription has been renewed",
      "Thank you for your order. Your annual protection plan was renewed for $399.99 and will be debited within 24 hours. To cancel or request a refund call our billing department at +1 (808) 555-0199.",
    ],
    [
      "Unpaid toll notice",
      "You have an outstanding toll balance of $6.99. To avoid a late fee of $50, settle your balance today: {url}",
    ],
    [
      "You have (3) new voicemail messages",
      "You received a new voice message from +1 212 555 0147, duration 0:48. Listen to the message by signing in with your work email: {url}",
    ],
    [
      "Fax document received",
      "A new fax document (4 pages) has been delivered to your inbox. Open the secure viewer to read it: {url}",
    ],
    [
      "Connect your wallet to claim the airdrop",
      "You are eligible for the token airdrop. Connect your wallet and validate your seed phrase to receive 2,500 tokens before the snapshot ends. {url}",
    ],
    [
      "Low interest loan approved",
      "Congratulations, your loan of $25,000 at 2% interest has been pre-approved. No credit check. Complete your application now: {url}",
    ],
    [
      "SharePoint: a file was shared with you",
      "Adele shared the file 'Q3 Payroll Adjustments.xlsx' with you. This link only works for the direct recipients of this message. Open: {url}",
    ],
    [
      "Your Apple ID was used to sign in on a new device",
      "Your Apple ID was used to purchase an item for $79.99. If you did not make this purchase, cancel it within 24 hours: {url}",
    ],
    [
      "Webmail upgrade required",
      "Dear user, our webmail server is being upgraded. To avoid losing your emails, re-validate your account with your current password: {url}",
    ],
    [
      "Action required: verify your account",
      "Dear customer, we noticed unusual sign-in activity. Verify your identity within 24 hours or your account will be suspended. {url}",
    ],
    [
      "Your mailbox is almost full",
      "Your mailbox storage has reached 98%. Incoming messages will be rejected. Upgrade your quota now: {url}",
    ],
    [
      "Update your KYC information",
      "Dear valued client, regulations require you to update your KYC details. Failure to comply will result in restriction of your account. Complete the form: {url}",
    ],
    [
      "Congratulations! You have won",
      "You have been selected as the winner of our annual draw. Claim your prize of $5,000 before it expires: {url}",
    ],
    [
      "Your parcel could not be delivered",
      "We attempted to deliver your package but no one was home. Pay the redelivery fee of $1.99 to schedule a new delivery: {url}",
    ],
    [
      "Invoice #INV-20931 overdue",
      "Please find attached the overdue invoice. Payment must be made today to avoid late charges. View invoice: {url}",
    ],
    [
      "Unusual login attempt blocked",
      "Someone tried to log in to your {brand} account from a new device. If this was not you, secure your account immediately: {url}",
    ],
    [
      "Claim your free crypto bonus",
      "Get 0.5 BTC free when you join our exclusive trading platform. Limited spots, guaranteed returns of 300%. {url}",
    ],
    [
      "Your account has been limited",
      "We have temporarily limited your account because we could not verify your billing information. Restore full access: {url}",
    ],
    [
      "Password expires today",
      "Your password expires today. Keep your current password by confirming your credentials below. {url}",
    ],
    [
      "Casino bonus: 200 free spins waiting",
      "Your welcome bonus is ready: 200 free spins and a 500% deposit match. Play now and win big! {url}",
    ],
    [
      "Confirm your payment details",
      "Your last payment was declined. Update your card details to avoid interruption of your subscription. {url}",
    ],
    [
      "Security alert: suspicious transaction",
      "A transaction of $849.00 was flagged on your card. If you did not authorize it, cancel it now: {url}",
    ],
    [
      "You have a pending refund",
      "You are eligible for a tax refund of $612.40. Submit your bank details to receive the refund: {url}",
    ],
    [
      "Shared document: Payment_Advice.pdf",
      "A secure document has been shared with you. Sign in with your email password to view the document. {url}",
    ],
  ],
  es: [
    [
      "¿Estás disponible?",
      "Estoy en una reunión y no puedo hablar. Necesito que compres tarjetas regalo para un cliente hoy. Envíame fotos de los códigos, te lo devuelvo.",
    ],
    [
      "Trabaja desde casa y gana 300 € al día",
      "Buscamos personas para tareas sencillas en línea. Sin experiencia, pagos diarios. Regístrate: {url}",
    ],
    [
      "Multa de tráfico pendiente (DGT)",
      "Tiene una sanción pendiente de pago. Abónela hoy con un 50% de descuento: {url}",
    ],
    [
      "He hackeado su dispositivo",
      "Tengo acceso a su ordenador y su cámara. Transfiera 1.200 € en bitcoin en 48 horas o enviaré el vídeo a todos sus contactos.",
    ],
    [
      "Herencia a su nombre",
      "Soy abogado del difunto señor García, que murió sin herederos. Usted figura como beneficiario de 3,8 millones de euros. Responda con sus datos.",
    ],
    [
      "Préstamo aprobado sin aval",
      "Su préstamo de 12.000 € ha sido aprobado sin comprobar su historial. Solicite el ingreso ahora: {url}",
    ],
    [
      "Nuevo mensaje de voz",
      "Tiene un nuevo mensaje de voz. Inicie sesión con la contraseña de su correo para escucharlo: {url}",
    ],
    [
      "Verifique su cuenta inmediatamente",
      "Estimado cliente, hemos detectado actividad inusual. Verifique su identidad en las próximas 24 horas o su cuenta será suspendida. {url}",
    ],
    [
      "Actualización obligatoria de datos (KYC)",
      "Por normativa debe actualizar sus datos personales. Si no lo hace, su cuenta quedará bloqueada. Complete el formulario: {url}",
    ],
    [
      "¡Felicidades! Ha ganado un premio",
      "Usted ha sido seleccionado como ganador de nuestro sorteo. Reclame su premio de 1.000 € antes de que caduque: {url}",
    ],
    [
      "Su paquete está retenido",
      "No pudimos entregar su paquete. Pague la tasa de aduana de 2,99 € para programar la entrega: {url}",
    ],
    [
      "Factura pendiente de pago",
      "Adjuntamos la factura vencida. Realice el pago hoy para evitar recargos. Ver factura: {url}",
    ],
    [
      "Su cuenta ha sido bloqueada",
      "Por motivos de seguridad su cuenta de {brand} ha sido bloqueada temporalmente. Desbloquéela aquí: {url}",
    ],
    [
      "Gane dinero con criptomonedas",
      "Invierta 250 € y obtenga ganancias garantizadas con bitcoin. Plazas limitadas. {url}",
    ],
    [
      "Su contraseña caduca hoy",
      "Su contraseña caduca hoy. Confirme sus credenciales para mantener el acceso a su correo. {url}",
    ],
    [
      "Bono de casino: 100 giros gratis",
      "Su bono de bienvenida está listo: 100 giros gratis. ¡Juegue ahora y gane! {url}",
    ],
    [
      "Reembolso pendiente de la Agencia Tributaria",
      "Tiene derecho a un reembolso de 435,20 €. Introduzca sus datos bancarios para recibirlo: {url}",
    ],
  ],
  pt: [
    [
      "Última chance: seu presente grátis",
      "Você foi selecionado para uma recompensa exclusiva. Responda a pesquisa e receba um smartphone grátis. Restam poucas unidades. {url}",
    ],
    [
      "Seu saldo em bitcoin expira hoje",
      "Há um saldo não utilizado de 0,43 BTC em sua conta. Faça login e saque hoje antes que expire. {url}",
    ],
    [
      "Preciso de um favor",
      "Você está disponível? Estou em reunião. Preciso que faça uma transferência urgente para um fornecedor novo hoje. Mantenha sigilo, envio os dados.",
    ],
    [
      "Você tem valores a receber do governo",
      "Consulte agora se você tem dinheiro esquecido. Informe seu CPF e dados bancários para receber o valor via Pix. {url}",
    ],
    [
      "Trabalhe em casa e ganhe R$ 300 por dia",
      "Vagas para avaliar produtos pelo celular. Sem experiência, pagamento diário via Pix. Cadastre-se: {url}",
    ],
    [
      "Multa de trânsito pendente",
      "Consta uma notificação de infração em seu nome. Pague com 40% de desconto até hoje: {url}",
    ],
    [
      "Seu CPF está irregular",
      "Identificamos pendências no seu CPF junto à Receita. Regularize agora para evitar o cancelamento: {url}",
    ],
    [
      "Empréstimo aprovado sem consulta",
      "Seu empréstimo de R$ 15.000 foi pré-aprovado, sem consulta ao SPC/Serasa. Libere o valor agora: {url}",
    ],
    [
      "Sua conta do WhatsApp será desativada",
      "Sua conta será desativada por violação dos termos. Confirme seu número para mantê-la ativa: {url}",
    ],
    [
      "Tigrinho: bônus de R$ 100 no cadastro",
      "Jogue o jogo do tigre e ganhe bônus no primeiro depósito. Saque rápido via Pix. {url}",
    ],
    [
      "Verifique sua conta agora",
      "Prezado cliente, detectamos um acesso suspeito. Confirme seus dados em até 24 horas ou sua conta será bloqueada. {url}",
    ],
    [
      "Atualização cadastral obrigatória",
      "Seu cadastro está desatualizado. Atualize seus dados para evitar o bloqueio do seu cartão. {url}",
    ],
    [
      "Parabéns! Você foi sorteado",
      "Você ganhou um prêmio de R$ 5.000,00 em nossa promoção. Resgate seu prêmio agora: {url}",
    ],
    [
      "Sua encomenda está aguardando pagamento",
      "Sua encomenda foi taxada. Pague a taxa de R$ 19,90 para liberar a entrega: {url}",
    ],
    [
      "Boleto vencido - regularize",
      "Identificamos um boleto em aberto. Regularize hoje para evitar protesto. Acesse: {url}",
    ],
    ["Sua conta foi suspensa", "Por motivos de segurança sua conta {brand} foi suspensa. Reative seu acesso: {url}"],
    [
      "Ganhe dinheiro com bitcoin",
      "Invista apenas R$ 200 e receba lucros garantidos todos os dias. Vagas limitadas! {url}",
    ],
    [
      "Seu Pix foi bloqueado",
      "Uma transferência Pix foi bloqueada por suspeita de fraude. Confirme seus dados para liberar: {url}",
    ],
    ["Bônus de cassino: 50 giros grátis", "Seu bônus de boas-vindas está pronto. Aposte agora e ganhe! {url}"],
    ["Sua senha expira hoje", "Sua senha de e-mail expira hoje. Confirme suas credenciais para manter o acesso. {url}"],
  ],
  fr: [
    [
      "Es-tu disponible ?",
      "Je suis en réunion. J'ai besoin que tu effectues un virement urgent de 23 000 € à un nouveau fournisseur aujourd'hui. Reste discret, je t'envoie les coordonnées.",
    ],
    [
      "Amende impayée",
      "Vous avez une amende en attente de paiement. Réglez-la aujourd'hui pour éviter la majoration: {url}",
    ],
    [
      "Travaillez depuis chez vous : 300 € par jour",
      "Nous recrutons pour des tâches simples en ligne. Sans expérience, paiement quotidien. Inscrivez-vous: {url}",
    ],
    [
      "J'ai piraté votre appareil",
      "J'ai accès à votre ordinateur et à votre caméra. Envoyez 1 200 € en bitcoin sous 48 heures, sinon j'envoie la vidéo à vos contacts.",
    ],
    [
      "Héritage en votre faveur",
      "Je suis notaire et je représente la succession d'un client décédé sans héritier. Vous êtes désigné bénéficiaire de 3,5 millions d'euros.",
    ],
    [
      "Votre Compte Personnel de Formation expire",
      "Vos droits CPF de 1 500 € expirent bientôt. Utilisez-les avant la date limite: {url}",
    ],
    [
      "Crédit accepté sans justificatif",
      "Votre crédit de 10 000 € est accepté sans justificatif. Demandez le versement: {url}",
    ],
    [
      "Vérifiez votre compte immédiatement",
      "Cher client, nous avons détecté une activité inhabituelle. Vérifiez votre identité sous 24 heures, sinon votre compte sera suspendu. {url}",
    ],
    [
      "Mise à jour de vos informations KYC",
      "La réglementation vous oblige à mettre à jour vos informations. Sans action de votre part, votre compte sera restreint. {url}",
    ],
    [
      "Félicitations, vous avez gagné !",
      "Vous avez été sélectionné pour gagner un iPhone. Réclamez votre cadeau avant expiration : {url}",
    ],
    [
      "Votre colis est en attente",
      "Votre colis n'a pas pu être livré. Réglez les frais de 1,99 € pour programmer une nouvelle livraison : {url}",
    ],
    [
      "Facture impayée",
      "Veuillez trouver ci-joint la facture en retard. Le paiement doit être effectué aujourd'hui. {url}",
    ],
    [
      "Votre compte a été bloqué",
      "Pour des raisons de sécurité, votre compte {brand} a été bloqué. Débloquez-le ici : {url}",
    ],
    [
      "Investissez dans la crypto",
      "Gagnez 2 000 € par semaine avec notre robot de trading bitcoin. Rendement garanti. {url}",
    ],
    [
      "Remboursement des impôts",
      "Vous avez droit à un remboursement de 320,50 €. Saisissez vos coordonnées bancaires : {url}",
    ],
    [
      "Votre mot de passe expire aujourd'hui",
      "Votre mot de passe expire aujourd'hui. Confirmez vos identifiants pour conserver l'accès. {url}",
    ],
    [
      "Casino : 150 tours gratuits offerts",
      "Votre bonus de bienvenue vous attend. Jouez maintenant et gagnez gros ! {url}",
    ],
  ],
  de: [
    [
      "Letzte Chance: Ihr Gratis-Geschenk",
      "Sie wurden für eine exklusive Belohnung ausgewählt. Nehmen Sie an der kurzen Umfrage teil und erhalten Sie ein kostenloses Smartphone. {url}",
    ],
    [
      "Ihr Bitcoin-Guthaben verfällt",
      "Auf Ihrem Konto befindet sich ein ungenutztes Guthaben von 0,43 BTC. Melden Sie sich an und lassen Sie es sich heute auszahlen. {url}",
    ],
    [
      "Prominente investieren mit KI-Robotern",
      "Starten Sie mit 250 € und erhalten Sie täglich Rendite. Nur noch wenige Plätze frei. {url}",
    ],
    [
      "Kurze Bitte",
      "Bist du gerade erreichbar? Ich sitze in einem Termin. Ich brauche dringend vier Google-Play-Karten zu je 100 € für einen Kunden. Schick mir Fotos der Codes, ich erstatte es dir.",
    ],
    [
      "Ihre Sparkassen-Card wird gesperrt",
      "Aufgrund neuer Sicherheitsrichtlinien muss Ihre Karte neu registriert werden. Bitte führen Sie die Aktualisierung durch: {url}",
    ],
    [
      "Erbschaft: Sie sind als Begünstigter benannt",
      "Ich bin Rechtsanwalt und vertrete den Nachlass eines verstorbenen Kunden. Sie wurden als Begünstigter von 4,2 Millionen Euro benannt. Antworten Sie mit Ihren Daten.",
    ],
    [
      "Heimarbeit: 400 € pro Tag verdienen",
      "Wir suchen Mitarbeiter für einfache Online-Aufgaben. Keine Erfahrung nötig, tägliche Auszahlung. Jetzt bewerben: {url}",
    ],
    [
      "Ihre ELSTER Steuererstattung",
      "Sie haben Anspruch auf eine Steuererstattung. Bestätigen Sie Ihre Bankverbindung für die Auszahlung: {url}",
    ],
    [
      "Ich habe Ihr Gerät gehackt",
      "Ich habe Zugriff auf Ihren Computer und Ihre Kamera. Überweisen Sie 1.200 € in Bitcoin innerhalb von 48 Stunden, sonst veröffentliche ich das Video.",
    ],
    [
      "Neue Sprachnachricht erhalten",
      "Sie haben eine neue Sprachnachricht. Melden Sie sich mit Ihrem E-Mail-Passwort an, um sie abzuhören: {url}",
    ],
    [
      "Kredit ohne Schufa genehmigt",
      "Ihr Kredit über 20.000 € wurde ohne Schufa-Abfrage genehmigt. Jetzt Auszahlung anfordern: {url}",
    ],
    [
      "Bestätigen Sie Ihr Konto",
      "Sehr geehrter Kunde, wir haben ungewöhnliche Aktivitäten festgestellt. Bestätigen Sie Ihre Identität innerhalb von 24 Stunden, sonst wird Ihr Konto gesperrt. {url}",
    ],
    [
      "Aktualisierung Ihrer Daten erforderlich",
      "Aufgrund gesetzlicher Vorgaben müssen Sie Ihre Kundendaten aktualisieren. Andernfalls wird Ihr Zugang eingeschränkt. {url}",
    ],
    [
      "Herzlichen Glückwunsch, Sie haben gewonnen!",
      "Sie wurden als Gewinner unserer Verlosung ausgewählt. Fordern Sie Ihren Preis von 1.000 € jetzt an: {url}",
    ],
    [
      "Ihr Paket konnte nicht zugestellt werden",
      "Ihr Paket wartet auf Zustellung. Bezahlen Sie die Gebühr von 1,99 € für eine neue Zustellung: {url}",
    ],
    [
      "Offene Rechnung - Mahnung",
      "Anbei finden Sie die überfällige Rechnung. Bitte begleichen Sie den Betrag heute, um Mahngebühren zu vermeiden. {url}",
    ],
    [
      "Ihr Konto wurde gesperrt",
      "Aus Sicherheitsgründen wurde Ihr {brand} Konto vorübergehend gesperrt. Entsperren Sie es hier: {url}",
    ],
    [
      "Verdienen Sie mit Bitcoin",
      "Investieren Sie 250 € und erhalten Sie garantierte Gewinne mit unserem Krypto-Handelsroboter. {url}",
    ],
    [
      "Ihr Passwort läuft heute ab",
      "Ihr E-Mail-Passwort läuft heute ab. Bestätigen Sie Ihre Zugangsdaten, um den Zugriff zu behalten. {url}",
    ],
    [
      "Casino Bonus: 100 Freispiele",
      "Ihr Willkommensbonus ist bereit: 100 Freispiele. Jetzt spielen und gewinnen! {url}",
    ],
    [
      "Steuerrückerstattung verfügbar",
      "Sie haben Anspruch auf eine Rückerstattung von 412,30 €. Geben Sie Ihre Bankdaten ein: {url}",
    ],
  ],
  it: [
    [
      "Sei disponibile?",
      "Sono in riunione. Ho bisogno che tu acquisti delle gift card per un cliente oggi. Mandami le foto dei codici, ti rimborso.",
    ],
    ["Multa non pagata", "Risulta una sanzione non pagata a suo nome. Paghi oggi con lo sconto del 30%: {url}"],
    [
      "Lavora da casa e guadagna 300 € al giorno",
      "Cerchiamo persone per semplici attività online. Nessuna esperienza, pagamenti giornalieri. Iscriviti: {url}",
    ],
    [
      "Ho hackerato il tuo dispositivo",
      "Ho accesso al tuo computer e alla webcam. Invia 1.200 € in bitcoin entro 48 ore o manderò il video a tutti i tuoi contatti.",
    ],
    [
      "Eredità a suo favore",
      "Sono l'avvocato di un cliente deceduto senza eredi. Lei risulta beneficiario di 3,2 milioni di euro. Risponda con i suoi dati.",
    ],
    [
      "Il tuo SPID sta per scadere",
      "Il tuo SPID scadrà tra 24 ore. Rinnova ora per mantenere l'accesso ai servizi: {url}",
    ],
    [
      "Prestito approvato senza garanzie",
      "Il tuo prestito di 15.000 € è stato approvato senza garanzie. Richiedi l'erogazione: {url}",
    ],
    [
      "Verifica il tuo account",
      "Gentile cliente, abbiamo rilevato un accesso sospetto. Verifica la tua identità entro 24 ore o il tuo conto sarà sospeso. {url}",
    ],
    [
      "Aggiornamento dati obbligatorio",
      "Per normativa è necessario aggiornare i tuoi dati. In caso contrario il conto verrà limitato. {url}",
    ],
    [
      "Congratulazioni! Hai vinto",
      "Sei stato selezionato come vincitore del nostro concorso. Richiedi il tuo premio di 500 € ora: {url}",
    ],
    [
      "Il tuo pacco è in giacenza",
      "Non è stato possibile consegnare il tuo pacco. Paga la tassa di 1,99 € per una nuova consegna: {url}",
    ],
    [
      "Fattura scaduta",
      "In allegato la fattura scaduta. Il pagamento deve essere effettuato oggi per evitare penali. {url}",
    ],
    [
      "Il tuo account è stato bloccato",
      "Per motivi di sicurezza il tuo account {brand} è stato bloccato. Sbloccalo qui: {url}",
    ],
    [
      "Guadagna con le criptovalute",
      "Investi 250 € e ottieni guadagni garantiti con il nostro robot di trading bitcoin. {url}",
    ],
    [
      "La tua password scade oggi",
      "La password della tua casella scade oggi. Conferma le tue credenziali per mantenere l'accesso. {url}",
    ],
    ["Bonus casinò: 100 giri gratis", "Il tuo bonus di benvenuto è pronto. Gioca ora e vinci! {url}"],
    [
      "Rimborso fiscale disponibile",
      "Hai diritto a un rimborso di 289,40 €. Inserisci i dati della tua carta per riceverlo: {url}",
    ],
  ],
  nl: [
    [
      "Laatste kans: uw gratis cadeau",
      "U bent geselecteerd voor een exclusieve beloning. Vul de korte enquête in en ontvang een gratis smartphone. Slechts 3 exemplaren beschikbaar. {url}",
    ],
    [
      "Uw bitcoin saldo wacht op u",
      "Uw account heeft een ongebruikt saldo van 0,43 BTC. Meld u aan en neem het bedrag vandaag nog op voordat het vervalt. {url}",
    ],
    [
      "Beleggen met een AI-robot",
      "Bekende Nederlanders beleggen stilletjes met dit platform. Start met € 250 en ontvang dagelijks rendement. Plaatsen zijn beperkt. {url}",
    ],
    [
      "Uw ING-pas wordt vervangen",
      "Uw betaalpas voldoet niet meer aan de nieuwe eisen. Bestel kosteloos een nieuwe pas en bevestig uw gegevens voor vrijdag. {url}",
    ],
    [
      "Melding van de Belastingdienst",
      "Er staat een openstaande aanslag op uw naam. Betaal binnen 3 dagen om een dwangbevel en extra kosten te voorkomen. {url}",
    ],
    [
      "Uw bestelling is vastgehouden door de douane",
      "Voor uw zending moeten nog invoerkosten van € 2,99 worden voldaan. Zonder betaling wordt het pakket teruggestuurd. {url}",
    ],
    [
      "Even snel",
      "Ben je beschikbaar? Ik zit in een vergadering. Kun je vandaag een overboeking van € 18.400 naar een nieuwe leverancier doen? Houd het vertrouwelijk, ik stuur de gegevens.",
    ],
    [
      "Uw betaalverzoek staat open",
      "Er staat een betaalverzoek van € 2,50 voor u klaar voor de verzending van uw pakket. Betaal via iDEAL: {url}",
    ],
    [
      "Werk vanuit huis en verdien € 300 per dag",
      "Wij zoeken mensen voor eenvoudige online taken. Geen ervaring nodig, dagelijkse uitbetaling. Meld je aan: {url}",
    ],
    [
      "Belastingdienst: teruggave beschikbaar",
      "U heeft recht op een teruggave van € 347,80. Bevestig uw rekeningnummer om het bedrag te ontvangen: {url}",
    ],
    [
      "Ik heb uw apparaat gehackt",
      "Ik heb toegang tot uw computer en camera. Maak binnen 48 uur € 1.200 in bitcoin over, anders stuur ik de video naar al uw contacten.",
    ],
    [
      "Nieuwe DigiD-aanvraag",
      "Uw DigiD verloopt. Activeer uw account opnieuw om toegang te houden tot overheidsdiensten: {url}",
    ],
    [
      "Gratis spins: gokkast bonus",
      "Claim 50 gratis spins en een stortingsbonus van 100% in ons online casino. Snel uitbetalen. {url}",
    ],
    [
      "Lening goedgekeurd zonder BKR",
      "Uw lening van € 15.000 is goedgekeurd zonder BKR-toetsing. Vraag de uitbetaling aan: {url}",
    ],
    [
      "Verifieer uw account",
      "Beste klant, wij hebben ongebruikelijke activiteit gedetecteerd. Verifieer uw identiteit binnen 24 uur, anders wordt uw rekening geblokkeerd. {url}",
    ],
    [
      "Uw gegevens moeten worden bijgewerkt",
      "Vanwege nieuwe regelgeving moet u uw gegevens bijwerken. Doet u dit niet, dan wordt uw toegang beperkt. {url}",
    ],
    [
      "Gefeliciteerd! U heeft gewonnen",
      "U bent geselecteerd als winnaar van onze loterij. Claim uw prijs van € 1.000 nu: {url}",
    ],
    [
      "Uw pakket kon niet worden bezorgd",
      "Uw pakket ligt klaar. Betaal de verzendkosten van € 1,99 om een nieuwe bezorging in te plannen: {url}",
    ],
    [
      "Openstaande factuur - laatste herinnering",
      "In de bijlage vindt u de openstaande factuur. Betaal vandaag om incassokosten te voorkomen. {url}",
    ],
    [
      "Uw account is geblokkeerd",
      "Om veiligheidsredenen is uw {brand} account tijdelijk geblokkeerd. Deblokkeer hier: {url}",
    ],
    ["Verdien geld met bitcoin", "Investeer € 250 en ontvang gegarandeerde winst met onze crypto handelsrobot. {url}"],
    [
      "Uw wachtwoord verloopt vandaag",
      "Uw wachtwoord verloopt vandaag. Bevestig uw inloggegevens om toegang te behouden. {url}",
    ],
    ["Casino bonus: 100 gratis spins", "Uw welkomstbonus staat klaar. Speel nu en win! {url}"],
    [
      "Uw betaalpas verloopt",
      "Uw betaalpas verloopt binnenkort. Vraag via onderstaande link een nieuwe pas aan: {url}",
    ],
  ],
};

const LEGIT: Record<Lang, Entry[]> = {
  en: [
    [
      "Your order confirmation #112-4471",
      "Thanks for your order. Items: USB-C cable (2), desk lamp. Estimated delivery: Friday. We'll send another email when it ships. View or manage your order in Your Account. {url}",
    ],
    [
      "Your Uber receipt",
      "Thanks for riding. Total: $18.40, paid with Visa. Trip from Market St to Mission Bay, 14 min. Rate your driver in the app.",
    ],
    [
      "Password changed",
      "The password for your account was changed on Monday at 09:12. If you made this change, no further action is needed. If you didn't, reset your password and contact support from the help center.",
    ],
    [
      "Your credit card statement is ready",
      "Your statement for the card ending 4821 is ready. Statement balance: $1,204.55. Payment due date: Nov 28. Set up autopay in the app to never miss a payment.",
    ],
    [
      "Shipping update: out for delivery",
      "Your package is out for delivery today. The driver will leave it at your door if no one is home. Tracking number 1Z999AA10123456784. {url}",
    ],
    [
      "Dropbox: Alex shared a folder with you",
      "Alex invited you to view the folder 'Conference photos'. Open it in Dropbox to see the files. You can leave the folder any time. {url}",
    ],
    [
      "Zoom meeting invitation: design sync",
      "You are invited to a scheduled Zoom meeting. Topic: design sync. Time: Wednesday 15:00 UTC. Meeting ID: 842 119 3320. Passcode is in the calendar invite.",
    ],
    [
      "LinkedIn: you appeared in 12 searches this week",
      "See who's looking at your profile. Your post about data pipelines got 40 reactions. Update your notification preferences at any time. {url}",
    ],
    [
      "Reminder: dentist appointment tomorrow",
      "This is a reminder of your appointment tomorrow at 10:20 with Dr. Nguyen. Reply C to confirm or call us to reschedule.",
    ],
    [
      "Your electricity bill is ready",
      "Your bill for the period Sep 1 - Sep 30 is $84.12 and will be paid by direct debit on Oct 15. Compare your usage with last year in your online account.",
    ],
    [
      "Welcome to the team!",
      "Hi Jordan, welcome aboard. Your laptop will be ready on Monday; IT will meet you at 9:00 for setup. Here is the onboarding checklist and the link to the handbook on the intranet.",
    ],
    [
      "Re: contract draft v3",
      "Thanks, I reviewed the draft. Section 4.2 still says 30 days; we agreed on 45. Otherwise looks good to sign. Can you send the final PDF by Thursday?",
    ],
    [
      "Payroll: your payslip for October",
      "Your October payslip is available in the HR portal. Net pay will be deposited on the 28th. Contact HR if anything looks wrong.",
    ],
    [
      "Your Kindle book is ready",
      "Thank you for your purchase. 'Project Hail Mary' is now available on your Kindle devices and apps. Happy reading!",
    ],
    [
      "Security alert: new device signed in",
      "We noticed a sign-in from a new device: Chrome on macOS, near Berlin. If this was you, you can ignore this email. Review your devices in Settings > Security.",
    ],
    [
      "Your weekly screen time report",
      "Your screen time was down 12% last week, with an average of 3 hours a day. Open Settings to see details.",
    ],
    [
      "Parent-teacher conference schedule",
      "Dear families, conferences will be held next Thursday and Friday. Please sign up for a 15-minute slot using the form sent home with students.",
    ],
    [
      "GitHub Actions: workflow run failed",
      "Run failed for CI on branch main (commit 4f2a9c1). 1 job failed: test (ubuntu-latest). View the logs to see details. You can manage notifications in settings. {url}",
    ],
    [
      "[Announce] Conference call for papers",
      "The call for papers for the 2026 workshop is open until March 1. Topics include storage systems and networking. Submissions via the conference site. Please forward to interested colleagues.",
    ],
    [
      "Your return has been processed",
      "We received your return and issued a refund of $42.99 to your original payment method. It may take 3-5 business days to appear on your statement.",
    ],
    [
      "Gym membership renewal",
      "Your annual membership renews on January 5 at the same price. No action needed. To cancel, visit the front desk or your member page.",
    ],
    [
      "Photos from the wedding",
      "Hi everyone! The photographer sent the album. Download whatever you like from the shared folder; it stays up for 30 days. Thank you again for coming.",
    ],
    [
      "[GitHub] Your pull request was merged",
      "Your pull request #412 'Fix race in cache eviction' was merged into main by a maintainer. View it on GitHub. You are receiving this because you authored the thread. {url}",
    ],
    [
      "Jira: 3 issues assigned to you",
      "You have 3 new issues assigned in project OPS. Priority: medium. Due this sprint. Manage notification settings in your profile. {url}",
    ],
    [
      "Your bank statement is available",
      "Your credit card statement for September is now available. Minimum payment due: $35.00 on Oct 25. Sign in to the app to view it. We will never ask for your password by email.",
    ],
    [
      "Updated travel and expenses policy",
      "Hello all, HR has published the updated travel and expenses policy, effective next month. Please read it on the intranet and ask your manager if you have questions.",
    ],
    [
      "Substack: new post from a writer you follow",
      "A new post is out: 'What we learned running a small bakery for ten years'. Read it in the app or on the web. Unsubscribe from this publication anytime. {url}",
    ],
    [
      "Slack: new messages in #general",
      "You have 4 unread messages in #general and a mention in #design. Open Slack to catch up. You can change email notifications in preferences.",
    ],
    [
      "Invitation: Quarterly review @ Thu 10:00",
      "You have been invited to the Quarterly review on Thursday at 10:00. Join with Google Meet. Reply yes, no or maybe in your calendar.",
    ],
    [
      "Your payment was received",
      "We received your payment of $120.00 for invoice INV-2207. Thank you. A receipt is available in your billing history. {url}",
    ],
    [
      "Your verification code",
      "Your one-time code is 771204. It expires in 10 minutes. If you didn't try to sign in, you can ignore this message; someone may have typed your email by mistake.",
    ],
    [
      "Password reset requested",
      "We received a request to reset the password for your account. If you made this request, use the link below within an hour. If not, no action is needed and your password stays the same. {url}",
    ],
    [
      "New sign-in to your account",
      "Your account was just signed in to from Firefox on Linux. If this was you, there's nothing else to do. If not, change your password from your account settings.",
    ],
    [
      "Your invoice for October",
      "Hi, your invoice for the Team plan (October) is attached. The amount of $48.00 will be charged to the card on file. Questions? Just reply to this email. {url}",
    ],
    [
      "Your subscription renews soon",
      "Your annual subscription will renew on 12 March for $59.99. To change or cancel your plan, visit your account page. {url}",
    ],
    [
      "Weekly digest from the community forum",
      "Here are the most popular topics this week: migrating to the new API, a guide to testing, and the roadmap discussion. You can change how often you receive these digests in your preferences. {url}",
    ],
    [
      "[users] Re: build fails on ARM",
      "Which compiler version are you using? I saw the same error with gcc 12; upgrading to 13 fixed it for me. Please post the full log if it persists.",
    ],
    [
      "Thanks for your donation",
      "Thank you for supporting our work with a donation of $25. Your receipt for tax purposes is attached. Together we planted 400 trees this year.",
    ],
    [
      "Your appointment is confirmed",
      "Your appointment with Dr. Patel is confirmed for Tuesday 3 June at 9:40. Please arrive ten minutes early. To reschedule, call the practice.",
    ],
    [
      "Library notice: items due soon",
      "The following items are due back on 14 May: The Overstory; A Little Life. You can renew them online or at any branch.",
    ],
    [
      "School trip permission form",
      "Dear parents, the Year 5 trip to the science museum is on Friday. Please return the signed form by Wednesday. Packed lunch required.",
    ],
    [
      "Your package was delivered",
      "Your package was delivered today at 2:14 PM and left at the front door. Thanks for ordering with us. {url}",
    ],
    [
      "Limited time: 30% off annual plans",
      "This week only, save 30% when you switch to an annual plan. Offer ends Sunday at midnight. Unsubscribe from marketing emails in your settings. {url}",
    ],
    [
      "Your account statement",
      "Your account statement is ready to view in the app. For your security, we never include links to sign in and we will never ask for your PIN.",
    ],
    [
      "Your order has shipped",
      "Hi Sam, good news: your order 48213 is on its way and should arrive Thursday. You can track it from your orders page. Thanks for shopping with us. {url}",
    ],
    [
      "This week in the newsletter: spring recipes",
      "Hello readers, this week we cook with asparagus, try a lemon tart and answer your questions about sourdough. Unsubscribe or manage preferences at any time. {url}",
    ],
    [
      "Re: meeting notes from Tuesday",
      "Thanks for sending these. I added two points about the budget and moved the review to next week. Let me know if that works for the team.",
    ],
    [
      "[dev-list] Release 3.2 candidate available",
      "The release candidate is tagged. Please test on your platforms and report regressions on the tracker before Friday. You are receiving this because you are subscribed to the list. {url}",
    ],
    [
      "Your receipt from the bookshop",
      "Thank you for your purchase. Total paid: $23.50 with card ending 4242. Keep this receipt for your records. {url}",
    ],
    [
      "Save 20% this weekend only",
      "Our spring sale is here: 20% off garden furniture until Sunday. Free delivery on orders over $50. You received this email because you signed up at our store. Unsubscribe. {url}",
    ],
    [
      "Dinner on Saturday?",
      "Hey, are you free on Saturday evening? We were thinking of trying the new Thai place near the station. Bring the kids if you like.",
    ],
    [
      "Your monthly statement is ready",
      "Your statement for March is available in online banking. Sign in through our app or website as usual to view it; we will never ask for your password by email.",
    ],
    [
      "Webinar recording: scaling Postgres",
      "Thanks for registering. The recording and slides are now available. Next month we will cover logical replication. {url}",
    ],
    [
      "Your flight itinerary",
      "Booking reference K7QX2P. Departure 14 May 08:15 from gate B12. Check in online 24 hours before departure. {url}",
    ],
  ],
  es: [
    [
      "Código de verificación",
      "Su código de verificación es 552901. Caduca en 10 minutos. Si no ha solicitado este código, puede ignorar este mensaje.",
    ],
    [
      "Confirmación de su cita",
      "Le confirmamos su cita en el centro de salud el martes a las 9:30. Si no puede acudir, llame para cambiarla.",
    ],
    [
      "Boletín de la asociación de vecinos",
      "Este mes: fiesta del barrio el sábado, obras en la calle Mayor y horario de verano de la biblioteca. Gracias a todos por participar.",
    ],
    [
      "Re: presupuesto de la reforma",
      "Hola, le adjunto el presupuesto revisado con los cambios que comentamos. Si le parece bien, empezamos la semana que viene.",
    ],
    [
      "Su factura de la luz",
      "Ya está disponible su factura del periodo de septiembre por importe de 64,20 €. Se cargará en su cuenta el día 5. {url}",
    ],
    [
      "Excursión del colegio",
      "Queridas familias, la excursión al museo será el viernes. Por favor, devuelvan la autorización firmada antes del miércoles.",
    ],
    [
      "Nuevo inicio de sesión",
      "Se ha iniciado sesión en su cuenta desde un nuevo dispositivo. Si ha sido usted, no tiene que hacer nada. Si no, cambie su contraseña desde la aplicación.",
    ],
    [
      "Fotos del cumpleaños",
      "Hola a todos, os paso las fotos del cumpleaños de la abuela. Qué bien lo pasamos. Un abrazo fuerte.",
    ],
    [
      "Su pedido está listo para recoger",
      "Su pedido 30512 ya está disponible en la tienda de la calle Alcalá. Tiene 7 días para recogerlo con su DNI.",
    ],
    [
      "Novedades de la semana en nuestra tienda",
      "Llegan los nuevos abrigos y botas de otoño. Envío gratis a partir de 40 €. Si no desea recibir más correos, puede darse de baja. {url}",
    ],
    [
      "Su pedido ha sido enviado",
      "Hola Marta, su pedido 5521 ya está en camino y llegará el jueves. Puede seguir el envío desde su área de cliente. Gracias por su compra. {url}",
    ],
    [
      "Boletín semanal: novedades del club de lectura",
      "Este mes leemos una novela de Rosa Montero y organizamos un encuentro en la biblioteca. Puede darse de baja en cualquier momento. {url}",
    ],
    [
      "Re: reunión del jueves",
      "Gracias por las notas. He añadido un punto sobre el presupuesto. Nos vemos el jueves a las diez.",
    ],
    [
      "Rebajas de primavera: 30% de descuento",
      "Descubra nuestra nueva colección con un 30% de descuento hasta el domingo. Recibe este correo porque se suscribió en nuestra tienda. Cancelar suscripción. {url}",
    ],
    ["Su recibo de compra", "Gracias por su compra. Importe total: 18,90 €. Conserve este recibo. {url}"],
    [
      "¿Cenamos el sábado?",
      "Hola, ¿te apetece cenar el sábado? Podemos probar el restaurante nuevo del barrio. Dime algo.",
    ],
  ],
  pt: [
    [
      "Código de verificação",
      "Seu código de verificação é 318842. Ele expira em 10 minutos. Se você não solicitou, ignore este e-mail.",
    ],
    [
      "Consulta confirmada",
      "Sua consulta com a Dra. Souza está confirmada para quarta-feira às 14h. Em caso de imprevisto, ligue para a clínica.",
    ],
    [
      "Informativo do condomínio",
      "Prezados moradores, a assembleia será no dia 20 no salão de festas. Pauta: manutenção do elevador e pintura da fachada.",
    ],
    [
      "Re: orçamento da reforma",
      "Oi, segue o orçamento revisado com as alterações que conversamos. Se estiver de acordo, começamos na segunda.",
    ],
    [
      "Sua conta de luz chegou",
      "A fatura de setembro no valor de R$ 142,37 já está disponível. O débito automático será feito no vencimento. {url}",
    ],
    [
      "Passeio da escola",
      "Senhores pais, o passeio ao museu será na sexta-feira. Favor devolver a autorização assinada até quarta.",
    ],
    [
      "Novo acesso à sua conta",
      "Detectamos um novo acesso à sua conta pelo aplicativo em um celular Android. Se foi você, não precisa fazer nada.",
    ],
    [
      "Fotos do aniversário",
      "Oi, família! Seguem as fotos do aniversário da vovó. Foi muito bom ver todo mundo reunido. Beijos.",
    ],
    [
      "Pedido pronto para retirada",
      "Seu pedido 88120 já está disponível para retirada na loja do shopping. Apresente um documento com foto.",
    ],
    [
      "Novidades da semana na loja",
      "Chegaram os lançamentos de primavera. Frete grátis acima de R$ 150. Para não receber mais e-mails, descadastre-se. {url}",
    ],
    [
      "Seu pedido foi enviado",
      "Olá João, seu pedido 7788 já está a caminho e chega na quinta-feira. Acompanhe a entrega na sua conta. Obrigado pela compra. {url}",
    ],
    [
      "Newsletter da semana: receitas de outono",
      "Nesta edição: sopa de abóbora, bolo de laranja e dicas de horta. Para deixar de receber, clique em descadastrar. {url}",
    ],
    ["Re: reunião de segunda", "Obrigada pelo resumo. Acrescentei dois pontos sobre o cronograma. Até segunda."],
    [
      "Promoção de fim de semana: 20% off",
      "Aproveite 20% de desconto em toda a loja até domingo. Você recebe este e-mail porque se cadastrou em nosso site. Cancelar inscrição. {url}",
    ],
    ["Seu recibo", "Obrigado pela compra. Valor total: R$ 89,90 no cartão final 1234. Guarde este recibo. {url}"],
    ["Churrasco no sábado", "Oi, vamos fazer um churrasco no sábado lá em casa. Traz a Ana e as crianças!"],
  ],
  fr: [
    [
      "Votre code de vérification",
      "Votre code de vérification est 640219. Il expire dans 10 minutes. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
    ],
    [
      "Confirmation de rendez-vous",
      "Votre rendez-vous chez le dentiste est confirmé pour mardi à 9 h 30. En cas d'empêchement, merci de prévenir le cabinet.",
    ],
    [
      "Bulletin de l'association du quartier",
      "Ce mois-ci : vide-grenier dimanche, réunion publique sur les travaux et nouveaux horaires de la médiathèque.",
    ],
    [
      "Re: devis pour les travaux",
      "Bonjour, voici le devis modifié suite à notre échange. Si cela vous convient, nous pouvons commencer lundi.",
    ],
    [
      "Votre facture d'électricité",
      "Votre facture de septembre d'un montant de 71,40 € est disponible dans votre espace client. Le prélèvement aura lieu le 10. {url}",
    ],
    [
      "Sortie scolaire",
      "Chers parents, la sortie au musée aura lieu vendredi. Merci de rendre l'autorisation signée avant mercredi.",
    ],
    [
      "Nouvelle connexion à votre compte",
      "Une connexion à votre compte a eu lieu depuis un nouvel appareil. Si c'était vous, aucune action n'est nécessaire.",
    ],
    [
      "Photos de l'anniversaire",
      "Coucou tout le monde, voici les photos de l'anniversaire de mamie. C'était une super journée. Bises.",
    ],
    [
      "Votre commande est disponible en magasin",
      "Votre commande 55102 vous attend en magasin pendant 7 jours. Présentez une pièce d'identité au retrait.",
    ],
    [
      "Les nouveautés de la semaine",
      "Découvrez les nouveaux arrivages de l'automne. Livraison offerte dès 40 € d'achat. Pour ne plus recevoir nos e-mails, désinscrivez-vous. {url}",
    ],
    [
      "Votre commande a été expédiée",
      "Bonjour Claire, votre commande 3391 est en route et arrivera jeudi. Suivez la livraison depuis votre espace client. Merci de votre achat. {url}",
    ],
    [
      "La lettre de la semaine : expositions à voir",
      "Cette semaine, trois expositions à Lyon et un entretien avec une photographe. Se désabonner à tout moment. {url}",
    ],
    [
      "Re: compte rendu de la réunion",
      "Merci pour le compte rendu. J'ai ajouté une remarque sur le calendrier. À jeudi.",
    ],
    [
      "Soldes : -25 % ce week-end",
      "Profitez de -25 % sur toute la collection jusqu'à dimanche. Vous recevez cet e-mail car vous êtes inscrit à notre newsletter. Se désinscrire. {url}",
    ],
    ["Votre reçu", "Merci pour votre achat. Montant total : 42,00 €. Conservez ce reçu. {url}"],
    ["Apéro vendredi ?", "Salut, ça te dit un apéro vendredi soir chez nous ? Dis-moi si tu viens."],
  ],
  de: [
    [
      "Ihr Bestätigungscode",
      "Ihr Bestätigungscode lautet 904117. Er ist 10 Minuten gültig. Falls Sie keinen Code angefordert haben, können Sie diese E-Mail ignorieren.",
    ],
    [
      "Terminbestätigung",
      "Ihr Termin in unserer Praxis ist am Dienstag um 9:30 Uhr bestätigt. Bitte bringen Sie Ihre Versichertenkarte mit.",
    ],
    [
      "Rundbrief der Nachbarschaftsinitiative",
      "Diesen Monat: Flohmarkt am Sonntag, Infoabend zur Baustelle und neue Öffnungszeiten der Bücherei.",
    ],
    [
      "Re: Angebot für die Renovierung",
      "Guten Tag, anbei das überarbeitete Angebot mit den besprochenen Änderungen. Wenn es passt, beginnen wir am Montag.",
    ],
    [
      "Ihre Stromrechnung",
      "Ihre Rechnung für September über 58,20 € steht in Ihrem Kundenkonto bereit. Der Betrag wird am 10. abgebucht. {url}",
    ],
    [
      "Klassenausflug",
      "Liebe Eltern, der Ausflug ins Museum findet am Freitag statt. Bitte geben Sie die unterschriebene Einverständniserklärung bis Mittwoch ab.",
    ],
    [
      "Neue Anmeldung in Ihrem Konto",
      "Es gab eine neue Anmeldung in Ihrem Konto von einem neuen Gerät. Wenn Sie das waren, müssen Sie nichts tun.",
    ],
    ["Fotos vom Geburtstag", "Hallo zusammen, hier die Fotos von Omas Geburtstag. War ein schöner Tag. Liebe Grüße."],
    [
      "Ihre Bestellung liegt zur Abholung bereit",
      "Ihre Bestellung 71230 liegt in der Filiale zur Abholung bereit. Bitte bringen Sie einen Ausweis mit.",
    ],
    [
      "Neuheiten der Woche",
      "Entdecken Sie unsere neuen Herbstartikel. Versandkostenfrei ab 40 €. Wenn Sie keine E-Mails mehr erhalten möchten, melden Sie sich hier ab. {url}",
    ],
    [
      "Ihre Bestellung wurde versandt",
      "Hallo Frau Weber, Ihre Bestellung 6612 ist unterwegs und kommt voraussichtlich am Donnerstag an. Sie können die Sendung in Ihrem Kundenkonto verfolgen. {url}",
    ],
    [
      "Newsletter: Neuigkeiten aus dem Verein",
      "Liebe Mitglieder, am Samstag findet unser Sommerfest statt. Außerdem suchen wir Helfer für den Kuchenstand. Abmelden jederzeit möglich. {url}",
    ],
    [
      "Re: Protokoll vom Dienstag",
      "Danke für das Protokoll. Ich habe zwei Punkte zum Budget ergänzt. Bis nächste Woche.",
    ],
    [
      "Nur dieses Wochenende: 20 % Rabatt",
      "Sparen Sie 20 % auf Gartenmöbel bis Sonntag. Sie erhalten diese E-Mail, weil Sie sich für unseren Newsletter angemeldet haben. Abbestellen. {url}",
    ],
    [
      "Ihre Rechnung für März",
      "Vielen Dank für Ihren Einkauf. Die Rechnung über 34,90 € finden Sie in Ihrem Kundenkonto. {url}",
    ],
    ["Grillen am Samstag?", "Hallo, hast du Lust am Samstag zum Grillen zu kommen? Bring gerne Salat mit."],
  ],
  it: [
    [
      "Il tuo codice di verifica",
      "Il tuo codice di verifica è 271930. Scade tra 10 minuti. Se non hai richiesto il codice, ignora questa email.",
    ],
    [
      "Conferma appuntamento",
      "Il suo appuntamento presso lo studio è confermato per martedì alle 9:30. In caso di impedimento, la preghiamo di avvisarci.",
    ],
    [
      "Notiziario del comitato di quartiere",
      "Questo mese: mercatino domenica, incontro pubblico sui lavori e nuovi orari della biblioteca.",
    ],
    [
      "Re: preventivo per i lavori",
      "Buongiorno, le invio il preventivo aggiornato con le modifiche concordate. Se va bene, iniziamo lunedì.",
    ],
    [
      "La tua bolletta della luce",
      "La bolletta di settembre di 63,80 € è disponibile nella tua area clienti. L'addebito avverrà il giorno 10. {url}",
    ],
    [
      "Gita scolastica",
      "Cari genitori, la gita al museo sarà venerdì. Vi preghiamo di restituire l'autorizzazione firmata entro mercoledì.",
    ],
    [
      "Nuovo accesso al tuo account",
      "È stato effettuato un accesso al tuo account da un nuovo dispositivo. Se sei stato tu, non devi fare nulla.",
    ],
    [
      "Foto del compleanno",
      "Ciao a tutti, ecco le foto del compleanno della nonna. È stata una bella giornata. Un abbraccio.",
    ],
    [
      "Il tuo ordine è pronto per il ritiro",
      "Il tuo ordine 66021 ti aspetta in negozio per 7 giorni. Porta un documento d'identità.",
    ],
    [
      "Le novità della settimana",
      "Scopri i nuovi arrivi d'autunno. Spedizione gratuita da 40 €. Per non ricevere più email, annulla l'iscrizione. {url}",
    ],
    [
      "Il tuo ordine è stato spedito",
      "Ciao Luca, il tuo ordine 9931 è in viaggio e arriverà giovedì. Puoi seguire la spedizione dal tuo profilo. Grazie per l'acquisto. {url}",
    ],
    [
      "Newsletter: gli eventi del mese",
      "Questo mese: concerti in piazza, una mostra di fotografia e un corso di cucina. Annulla l'iscrizione in qualsiasi momento. {url}",
    ],
    ["Re: verbale della riunione", "Grazie per il verbale. Ho aggiunto una nota sul budget. A giovedì."],
    [
      "Saldi del weekend: -20%",
      "Approfitta del 20% di sconto su tutta la collezione fino a domenica. Ricevi questa email perché sei iscritto alla nostra newsletter. Disiscriviti. {url}",
    ],
    ["La tua ricevuta", "Grazie per il tuo acquisto. Totale pagato: 27,50 €. Conserva questa ricevuta. {url}"],
    ["Cena sabato?", "Ciao, ti va di venire a cena sabato? Facciamo la pizza in casa."],
  ],
  nl: [
    [
      "Je verificatiecode",
      "Je verificatiecode is 488310. Deze code is 10 minuten geldig. Heb je geen code aangevraagd, dan kun je deze e-mail negeren.",
    ],
    [
      "Bevestiging van je afspraak",
      "Je afspraak bij de tandarts is bevestigd voor dinsdag om 9.30 uur. Verhinderd? Bel dan de praktijk.",
    ],
    [
      "Buurtnieuws",
      "Deze maand: rommelmarkt op zondag, een informatieavond over de werkzaamheden en nieuwe openingstijden van de bibliotheek.",
    ],
    [
      "Re: offerte voor de verbouwing",
      "Goedemiddag, hierbij de aangepaste offerte met de besproken wijzigingen. Als het akkoord is, beginnen we maandag.",
    ],
    ["Je energierekening", "Je jaarafrekening staat klaar in Mijn omgeving. Het maandbedrag blijft € 112. {url}"],
    [
      "Schoolreisje",
      "Beste ouders, het schoolreisje naar het museum is vrijdag. Lever het ondertekende toestemmingsformulier uiterlijk woensdag in.",
    ],
    [
      "Nieuwe inlog op je account",
      "Er is ingelogd op je account vanaf een nieuw apparaat. Was jij dit? Dan hoef je niets te doen.",
    ],
    [
      "Foto's van de verjaardag",
      "Hoi allemaal, hier zijn de foto's van oma's verjaardag. Het was een gezellige dag. Liefs.",
    ],
    [
      "Je bestelling ligt klaar",
      "Je bestelling 51877 ligt klaar in de winkel. Je hebt 7 dagen om hem op te halen; neem een legitimatiebewijs mee.",
    ],
    [
      "Nieuw deze week",
      "Ontdek de nieuwe herfstcollectie. Gratis verzending vanaf € 40. Geen e-mails meer ontvangen? Meld je hier af. {url}",
    ],
    [
      "Je bestelling is verzonden",
      "Hoi Emma, je bestelling 4410 is onderweg en wordt donderdag bezorgd. Volg je pakket via je account. Bedankt voor je aankoop. {url}",
    ],
    [
      "Nieuwsbrief: dit gebeurt er deze maand",
      "Deze maand: een buurtfeest, een lezing in de bibliotheek en nieuwe openingstijden. Afmelden kan altijd. {url}",
    ],
    [
      "Re: notulen van dinsdag",
      "Bedankt voor de notulen. Ik heb een punt over de planning toegevoegd. Tot volgende week.",
    ],
    [
      "Alleen dit weekend: 20% korting",
      "Profiteer van 20% korting op tuinmeubelen tot zondag. Je ontvangt deze e-mail omdat je je hebt aangemeld voor onze nieuwsbrief. Uitschrijven. {url}",
    ],
    ["Je factuur van maart", "Bedankt voor je aankoop. Je factuur van € 19,95 staat in je account. {url}"],
    ["Zaterdag barbecue?", "Hoi, zin om zaterdag te komen barbecueën? Neem gerust iemand mee."],
  ],
};

const BRANDS = ["PayPal", "Microsoft", "Apple", "Netflix", "Amazon", "DHL", "Santander", "ING", "Itaú", "La Poste"];

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every entry, three times with different links and brands (deterministic). */
/**
 * Links for the examples, drawn from broad pools so that no single made-up
 * host or path word becomes a strong feature by repetition. Path words such
 * as "account", "support" or "track" occur on both sides on purpose.
 */
/** Path words seen in both kinds of mail (a bank's real "login" page, a lure's fake one): drawn for both labels. */
const SHARED_PATHS = [
  "account",
  "login",
  "signin",
  "secure",
  "update",
  "support",
  "customer",
  "auth",
  "billing",
  "invoice",
  "track",
  "pay",
  "app",
  "id",
  "docs",
  "share",
  "help",
  "settings",
  "security",
  "orders",
  "manage",
  "confirm",
  "verify",
  "service",
  "client",
  "portal",
];
const PHISH_PATHS = [
  "kyc",
  "wallet",
  "claim",
  "bonus",
  "unlock",
  "validate",
  "webmail",
  "session",
  "redirect",
  "index.php",
  "recovery",
  "owa",
  "parcel",
];
const LEGIT_PATHS = [
  "unsubscribe",
  "preferences",
  "privacy",
  "blog",
  "news",
  "events",
  "newsletter",
  "community",
  "products",
  "sale",
  "store",
  "offers",
  "download",
  "booking",
  "receipts",
];
const ODD_TLDS = [
  "top",
  "xyz",
  "click",
  "icu",
  "shop",
  "online",
  "live",
  "buzz",
  "cfd",
  "sbs",
  "info",
  "ru",
  "cn",
  "pw",
  "vip",
  "site",
  "fun",
  "link",
  "co",
  "net",
  "com",
];
const SHORT = [
  "bit.ly",
  "tinyurl.com",
  "cutt.ly",
  "t.ly",
  "rb.gy",
  "is.gd",
  "shorturl.at",
  "rebrand.ly",
  "s.id",
  "tiny.cc",
  "ow.ly",
  "t.co",
];
const FREEHOST = [
  "web.app",
  "firebaseapp.com",
  "netlify.app",
  "pages.dev",
  "workers.dev",
  "glitch.me",
  "vercel.app",
  "weebly.com",
  "wixsite.com",
  "000webhostapp.com",
  "r2.dev",
  "github.io",
];
const LEGIT_HOSTS = [
  "example-store.com",
  "example-books.co.uk",
  "example-garden.de",
  "example-bank.nl",
  "example-airline.com",
  "example-news.org",
  "example-shop.fr",
  "example-negozio.it",
  "example-tienda.es",
  "example-loja.com.br",
  "example-loja.pt",
  "example-club.org",
  "example-software.io",
  "example-university.edu",
];

function makeUrl(label: 0 | 1, rand: () => number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const code = () => Math.floor(rand() * 36 ** 6).toString(36);
  if (label === 1) {
    const seg = () => (rand() < 0.7 ? pick(SHARED_PATHS) : pick(PHISH_PATHS));
    const p = `${seg()}${rand() < 0.4 ? "/" + seg() : ""}`;
    const word = pick(["secure", "account", "service", "verify", "client", "online", "portal", "help", "mail", "pay"]);
    switch (Math.floor(rand() * 6)) {
      case 0:
        return `https://${pick(SHORT)}/${code()}`;
      case 1:
        return `http://${20 + Math.floor(rand() * 200)}.${Math.floor(rand() * 255)}.${Math.floor(rand() * 255)}.${1 + Math.floor(rand() * 250)}/${p}`;
      case 2:
        return `https://${word}-${code()}.${pick(FREEHOST)}/${p}`;
      case 3:
        return `https://${word}-${pick(["center", "update", "check", "access", "notice"])}.${pick(ODD_TLDS)}/${p}?id=${code()}`;
      case 4:
        return `https://www.${pick(["dental", "bakery", "garage", "church", "hotel", "lawfirm"])}-${code()}.${pick(["com", "nl", "de", "it", "com.br"])}/wp-content/uploads/${p}`;
      default:
        return `https://${code()}.${pick(ODD_TLDS)}/${p}`;
    }
  }
  if (rand() < 0.12) return "";
  const q = rand() < 0.4 ? `?utm_source=newsletter&utm_medium=email&utm_campaign=${code()}` : "";
  const seg = () => (rand() < 0.6 ? pick(SHARED_PATHS) : pick(LEGIT_PATHS));
  return `https://www.${pick(LEGIT_HOSTS)}/${seg()}${rand() < 0.4 ? "/" + seg() : ""}${q}`;
}

export function ownExamples(): OwnExample[] {
  const rand = mulberry32(20261125);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const out: OwnExample[] = [];
  const langs = Object.keys(PHISH) as Lang[];
  for (const lang of langs) {
    for (const [label, entries] of [
      [1, PHISH[lang]],
      [0, LEGIT[lang]],
    ] as const) {
      entries.forEach(([subject, body], i) => {
        for (let v = 0; v < 3; v++) {
          const url = makeUrl(label, rand);
          const brand = pick(BRANDS);
          const text = body.replaceAll("{url}", url).replaceAll("{brand}", brand);
          out.push({
            id: `own/${lang}/${label ? "phish" : "legit"}/${i}/${v}`,
            label: label as 0 | 1,
            lang,
            subject: subject.replaceAll("{brand}", brand),
            text,
            urls: url ? [url] : [],
          });
        }
      });
    }
  }
  return out;
}
