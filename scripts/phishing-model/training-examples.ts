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
import type { ModelInput } from "../../app/modules/phishing/model/features";

export type OwnExample = ModelInput & { id: string; label: 0 | 1; lang: string };

type Entry = [subject: string, body: string];
type Lang = "en" | "es" | "pt" | "fr" | "de" | "it" | "nl";

const PHISH: Record<Lang, Entry[]> = {
  en: [
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

const PHISH_URLS = [
  "https://bit.ly/3xK9qLm",
  "http://185.212.44.10/secure/login.php",
  "https://secure-account-verify.top/signin",
  "https://xn--pypal-4ve.com/account/update",
  "https://customer-portal.web.app/verify",
  "https://mybank-support.xyz/kyc/update",
  "https://tinyurl.com/claim-prize-now",
  "https://auth-validation.online/confirm?id=88213",
  "https://parcel-redelivery.info/pay",
  "https://login.microsoftonline.com.account-check.ru/",
  "https://wallet-bonus.click/claim",
  "https://casino-royale-bonus.live/spins",
  "https://t.ly/Fr33",
  "https://docs-share.netlify.app/view/invoice",
  "https://cutt.ly/refund-form",
];
const LEGIT_URLS = [
  "https://www.example-store.com/orders/48213",
  "https://news.example-publisher.org/2026/04/issue-112",
  "https://github.com/example/project/releases/tag/v3.2.0",
  "https://www.example-books.co.uk/account/receipts",
  "https://shop.example-garden.de/sale?utm_source=newsletter&utm_medium=email",
  "https://lists.example.org/mailman/listinfo/dev-list",
  "https://www.example-airline.com/manage-booking",
  "https://www.example-bank.nl/app",
  "",
];
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
          const url = label ? pick(PHISH_URLS) : pick(LEGIT_URLS);
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
