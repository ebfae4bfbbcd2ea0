/**
 * The words the blog fixture builds its articles from: per topic, a category, artwork, title patterns with
 * a subject, and sentences about the service, in every language. Sentences may use the articles' placeholders.
 */
import type { Language } from "../../common/languages.ts";

type Texts = Record<Language, string[]>;

export interface FixtureTopic {
  category: "guides" | "apps" | "vpn" | "devices";
  image: string;
  imageAlt: Record<Language, string>;
  /** `{subject}` is replaced by one of the subjects. */
  titles: Texts;
  subjects: Texts;
  keywords: Texts;
  sentences: Texts;
}

export const fixtureAuthors = ["Sam Whitaker", "Lena Ortiz", "Priya Nair", "Jonas Weber", "Amélie Girard"];

export const fixtureHeadings: Texts = {
  en: ["Before you start", "Step by step", "If something goes wrong", "Good to know", "In short"],
  es: ["Antes de empezar", "Paso a paso", "Si algo falla", "Conviene saber", "En resumen"],
  fr: ["Avant de commencer", "Pas à pas", "Si quelque chose coince", "Bon à savoir", "En bref"],
};

export const fixtureTopics: FixtureTopic[] = [
  {
    category: "devices",
    image: "blog-smart-tv",
    imageAlt: {
      en: "A smart TV showing a grid of channels",
      es: "Un televisor inteligente con una cuadrícula de canales",
      fr: "Un téléviseur connecté affichant une grille de chaînes",
    },
    titles: {
      en: ["Setting up {{brand}} on {subject}", "Five tips for watching on {subject}", "{subject}: the settings that matter"],
      es: ["Configurar {{brand}} en {subject}", "Cinco consejos para ver en {subject}", "{subject}: los ajustes que importan"],
      fr: ["Installer {{brand}} sur {subject}", "Cinq conseils pour regarder sur {subject}", "{subject} : les réglages qui comptent"],
    },
    subjects: {
      en: ["a Samsung TV", "an LG TV", "a Fire TV Stick", "an Android TV box", "an Apple TV", "a MAG box", "a tablet"],
      es: ["un televisor Samsung", "un televisor LG", "un Fire TV Stick", "un box Android TV", "un Apple TV", "un MAG", "una tableta"],
      fr: [
        "un téléviseur Samsung",
        "un téléviseur LG",
        "un Fire TV Stick",
        "un boîtier Android TV",
        "une Apple TV",
        "un boîtier MAG",
        "une tablette",
      ],
    },
    keywords: {
      en: ["smart tv", "devices", "setup"],
      es: ["smart tv", "dispositivos", "configuración"],
      fr: ["smart tv", "appareils", "installation"],
    },
    sentences: {
      en: [
        "Every plan works on smart TVs, streaming sticks, phones, tablets and computers.",
        "Install a player app from your device's official store before you add your playlist.",
        "A wired connection is steadier than Wi-Fi when the TV is far from the router.",
        "Update the TV's system software first: older versions often struggle with live streams.",
        "You can watch on as many screens at once as your plan has viewers.",
      ],
      es: [
        "Todos los planes funcionan en televisores inteligentes, sticks, móviles, tabletas y ordenadores.",
        "Instala una aplicación de reproducción desde la tienda oficial del dispositivo antes de añadir tu lista.",
        "Una conexión por cable es más estable que el wifi cuando el televisor está lejos del router.",
        "Actualiza primero el sistema del televisor: las versiones antiguas suelen fallar con la emisión en directo.",
        "Puedes ver en tantas pantallas a la vez como espectadores tenga tu plan.",
      ],
      fr: [
        "Chaque formule fonctionne sur les téléviseurs connectés, les clés de streaming, les téléphones, les tablettes et les ordinateurs.",
        "Installez une application de lecture depuis la boutique officielle de l’appareil avant d’ajouter votre liste.",
        "Une connexion filaire est plus stable que le Wi-Fi quand le téléviseur est loin de la box.",
        "Mettez d’abord à jour le système du téléviseur : les anciennes versions peinent avec le direct.",
        "Vous pouvez regarder sur autant d’écrans à la fois que votre formule compte de spectateurs.",
      ],
    },
  },
  {
    category: "guides",
    image: "blog-buffering",
    imageAlt: {
      en: "A speed gauge beside a TV playing smoothly",
      es: "Un medidor de velocidad junto a un televisor que reproduce con fluidez",
      fr: "Un compteur de vitesse à côté d’un téléviseur qui lit sans à-coups",
    },
    titles: {
      en: ["Better picture quality for {subject}", "Stop buffering during {subject}", "Streaming {subject} in full HD"],
      es: ["Mejor calidad de imagen para {subject}", "Adiós a los cortes durante {subject}", "Ver {subject} en Full HD"],
      fr: ["Une meilleure image pour {subject}", "Fini les coupures pendant {subject}", "Regarder {subject} en Full HD"],
    },
    subjects: {
      en: ["football matches", "the Formula 1 season", "tennis finals", "evening films", "live news", "basketball nights"],
      es: [
        "los partidos de fútbol",
        "la temporada de Fórmula 1",
        "las finales de tenis",
        "las películas de la noche",
        "las noticias en directo",
        "las noches de baloncesto",
      ],
      fr: [
        "les matchs de football",
        "la saison de Formule 1",
        "les finales de tennis",
        "les films du soir",
        "les informations en direct",
        "les soirées de basket",
      ],
    },
    keywords: {
      en: ["streaming quality", "buffering", "sports"],
      es: ["calidad de imagen", "cortes", "deportes"],
      fr: ["qualité d’image", "coupures", "sport"],
    },
    sentences: {
      en: [
        "Full HD needs a steady 10 Mbps; 4K needs about 25 Mbps for each screen.",
        "Run a speed test on the device you watch on, not on your phone in another room.",
        "Live sports are the first to stutter when the connection dips, so test before kick-off.",
        "Restarting the router and the player clears most short freezes.",
        "Catch-up lets you rewind up to {{days}} days if you miss the start.",
      ],
      es: [
        "El Full HD necesita 10 Mbps estables; el 4K, unos 25 Mbps por pantalla.",
        "Haz el test de velocidad en el dispositivo en el que ves, no en el móvil en otra habitación.",
        "El deporte en directo es lo primero que se corta cuando baja la conexión: prueba antes del partido.",
        "Reiniciar el router y el reproductor resuelve la mayoría de los cortes breves.",
        "Con la función de repetición puedes volver hasta {{days}} días atrás si te pierdes el inicio.",
      ],
      fr: [
        "Le Full HD demande 10 Mbit/s stables ; la 4K environ 25 Mbit/s par écran.",
        "Faites le test de débit sur l’appareil où vous regardez, pas sur votre téléphone dans une autre pièce.",
        "Le sport en direct est le premier à saccader quand la connexion faiblit : testez avant le coup d’envoi.",
        "Redémarrer la box et le lecteur règle la plupart des courtes coupures.",
        "Le replay vous permet de revenir jusqu’à {{days}} jours en arrière si vous manquez le début.",
      ],
    },
  },
  {
    category: "apps",
    image: "blog-player-apps",
    imageAlt: {
      en: "Three app windows with a play button",
      es: "Tres ventanas de aplicaciones con un botón de reproducción",
      fr: "Trois fenêtres d’applications avec un bouton de lecture",
    },
    titles: {
      en: ["Which player app suits {subject}?", "Adding the TV guide for {subject}", "Favourites and groups for {subject}"],
      es: ["¿Qué aplicación le va a {subject}?", "Añadir la guía de TV para {subject}", "Favoritos y grupos para {subject}"],
      fr: ["Quelle application pour {subject} ?", "Ajouter le guide TV pour {subject}", "Favoris et groupes pour {subject}"],
    },
    subjects: {
      en: ["a family", "sports fans", "film lovers", "a shared flat", "news watchers"],
      es: ["una familia", "los aficionados al deporte", "los amantes del cine", "un piso compartido", "quien sigue las noticias"],
      fr: ["une famille", "les fans de sport", "les amateurs de cinéma", "une colocation", "les passionnés d’actualité"],
    },
    keywords: {
      en: ["player apps", "tv guide", "m3u playlist"],
      es: ["aplicaciones", "guía de tv", "lista m3u"],
      fr: ["applications", "guide tv", "liste m3u"],
    },
    sentences: {
      en: [
        "Your login details include an M3U playlist link and an XMLTV guide link.",
        "Most player apps let you sort channels into groups and mark favourites.",
        "The guide fills in within a minute once the XMLTV link is added.",
        "If a channel shows no programme, refresh the guide from the app's settings.",
        "Write to {{supportEmail}} if you need your links sent again.",
      ],
      es: [
        "Tus datos de acceso incluyen un enlace de lista M3U y otro de guía XMLTV.",
        "La mayoría de las aplicaciones permiten ordenar los canales en grupos y marcar favoritos.",
        "La guía se completa en un minuto una vez añadido el enlace XMLTV.",
        "Si un canal no muestra programación, actualiza la guía desde los ajustes de la aplicación.",
        "Escribe a {{supportEmail}} si necesitas que te enviemos de nuevo los enlaces.",
      ],
      fr: [
        "Vos identifiants comprennent un lien de liste M3U et un lien de guide XMLTV.",
        "La plupart des applications permettent de classer les chaînes en groupes et de marquer des favoris.",
        "Le guide se remplit en une minute une fois le lien XMLTV ajouté.",
        "Si une chaîne n’affiche aucun programme, actualisez le guide depuis les réglages de l’application.",
        "Écrivez à {{supportEmail}} si vous avez besoin qu’on vous renvoie vos liens.",
      ],
    },
  },
  {
    category: "vpn",
    image: "blog-vpn",
    imageAlt: {
      en: "A laptop linked to a server through an encrypted tunnel",
      es: "Un portátil unido a un servidor por un túnel cifrado",
      fr: "Un ordinateur portable relié à un serveur par un tunnel chiffré",
    },
    titles: {
      en: ["Privacy when streaming on {subject}", "Do you need a VPN on {subject}?", "Keeping {subject} safe"],
      es: ["Privacidad al ver en {subject}", "¿Hace falta una VPN en {subject}?", "Cómo proteger {subject}"],
      fr: ["Confidentialité en streaming sur {subject}", "Faut-il un VPN sur {subject} ?", "Bien protéger {subject}"],
    },
    subjects: {
      en: ["public Wi-Fi", "a hotel network", "your home network", "a shared router", "a holiday flat"],
      es: ["un wifi público", "la red de un hotel", "tu red doméstica", "un router compartido", "un piso de vacaciones"],
      fr: ["un Wi-Fi public", "le réseau d’un hôtel", "votre réseau domestique", "une box partagée", "une location de vacances"],
    },
    keywords: {
      en: ["vpn", "privacy", "home network"],
      es: ["vpn", "privacidad", "red doméstica"],
      fr: ["vpn", "vie privée", "réseau domestique"],
    },
    sentences: {
      en: [
        "A VPN encrypts the link between your device and its server, not the whole internet.",
        "Change the router's default password and keep its firmware up to date.",
        "On public Wi-Fi, a VPN stops others on the network from seeing what you open.",
        "A VPN server far away adds delay and can lower the picture quality.",
        "We never sell your data, and your payment details never reach our servers.",
      ],
      es: [
        "Una VPN cifra el enlace entre tu dispositivo y su servidor, no todo internet.",
        "Cambia la contraseña de fábrica del router y mantén su firmware al día.",
        "En un wifi público, una VPN impide que otros en la red vean lo que abres.",
        "Un servidor VPN lejano añade retardo y puede bajar la calidad de imagen.",
        "Nunca vendemos tus datos y tus datos de pago nunca llegan a nuestros servidores.",
      ],
      fr: [
        "Un VPN chiffre le lien entre votre appareil et son serveur, pas tout internet.",
        "Changez le mot de passe d’origine de la box et gardez son micrologiciel à jour.",
        "Sur un Wi-Fi public, un VPN empêche les autres du réseau de voir ce que vous ouvrez.",
        "Un serveur VPN lointain ajoute du délai et peut baisser la qualité d’image.",
        "Nous ne vendons jamais vos données, et vos coordonnées de paiement n’atteignent jamais nos serveurs.",
      ],
    },
  },
];
