import type { LocaleOverrides } from "./locale";
import { organisers } from "./organisers/de-formal";
import { gameClock } from "./clock/de-formal";

/**
 * German, formal ("Sie"): only the texts that differ from the informal `de`, which fills in the
 * rest (the fallback chain in i18n.ts).
 */
export const deFormal: LocaleOverrides = {
  connection: {
    offline: "Sie sind offline. Das Spiel geht weiter, sobald Sie wieder Netz haben.",
  },
  push: {
    offerText:
      "Die Figuren und die Spielleitung erreichen Sie mit einer Mitteilung, auch wenn die App zu ist.",
    denied:
      "Mitteilungen sind blockiert. Sie können sie in den Einstellungen Ihres Browsers erlauben.",
    failed: "Mitteilungen ließen sich nicht einschalten. Bitte versuchen Sie es noch einmal.",
  },
  map: {
    you: "Sie sind hier",
    shareHint:
      "Ihr Team und die Spielleitung sehen, wo Sie sind, solange die App offen ist. Anfangs aus.",
    shareOff: "Erlauben Sie den Standortzugriff, um Ihren Standort zu teilen.",
    teammates: "Ihr Team",
  },
  app: {
    loadFailed: "Das Spiel konnte nicht geladen werden. Bitte prüfen Sie Ihre Verbindung.",
  },
  login: {
    welcome:
      "Gehen Sie durch die Stadt, starten Sie unterwegs die Stationen und chatten Sie mit den Figuren der Geschichte. Lösen Sie ihre Rätsel und sammeln Sie Punkte.",
    note: "Ohne Anmeldung. Ihr Spielstand bleibt auf diesem Gerät.",
    resetSent:
      "Wenn die Nummer registriert ist, bekommen Sie gleich eine SMS mit einem Link für ein neues Passwort.",
    passwordChanged: "Ihr Passwort ist geändert. Melden Sie sich mit dem neuen an.",
    sessionEnded:
      "Sie wurden abgemeldet, etwa nach einer längeren Pause. Bitte melden Sie sich neu an.",
  },
  logout: {
    text: "Spielen Sie ohne Konto? Dann ist Ihr Spielstand nur auf diesem Gerät gespeichert und Sie beginnen nach dem Abmelden von vorn.",
    textRegistered:
      "Mit Ihrer Telefonnummer und Ihrem Passwort melden Sie sich jederzeit wieder an und spielen weiter, wo Sie waren.",
  },
  home: {
    activeStation: "Ihre aktive Station",
    fixed: {
      walk: "Die nächste Station wartet schon irgendwo in der Stadt auf Sie.",
      look: "Halten Sie die Augen offen – die Altstadt hat mehr Geschichten, als sie auf den ersten Blick erzählt.",
      start:
        "Wählen Sie in der Liste eine Station aus und beginnen Sie Ihren Rundgang, wann immer Sie möchten.",
    },
  },
  stations: {
    allDone: "Großartig – Sie haben alle Stationen des Spiels geschafft!",
    hiddenLeft:
      "Ein paar Stationen sind noch versteckt – hören Sie gut zu, was die Figuren Ihnen verraten.",
  },
  views: {
    intro: {
      main: "Die Stationen der Hauptgeschichte: starten Sie eine, dann schreibt Ihnen ihre Figur.",
      story: "Stationen, an denen erzählt wird: öffnen Sie eine, dann geht es los.",
      archive: "Blätter aus dem Archiv: öffnen Sie eines und starten Sie es.",
      custom: "Weitere Stationen des Spiels: öffnen Sie eine, dann geht es los.",
      email: "Briefe an Sie: öffnen Sie einen, um ihn zu lesen und zu beantworten.",
    },
  },
  station: {
    toPoints: "Zu Ihren Punkten",
    scanAtPlace: "Scannen Sie ihren Code vor Ort, um sie zu starten.",
    scanner: {
      hint: "Halten Sie die Kamera über den Code auf dem Schild der Station.",
    },
    confirmActivate: {
      text: "Möchten Sie „{{title}}“ jetzt starten? Die Nachrichten der Figuren kommen dann hier an.",
    },
    confirmSwitch: {
      text: "Sie spielen gerade „{{current}}“. Wenn Sie jetzt „{{title}}“ starten, wird „{{current}}“ beendet.",
    },
    confirmCancel: {
      text: "Wenn Sie „{{title}}“ jetzt beenden, werden die Nachrichten von „{{title}}“ gelöscht, und „{{title}}“ beginnt beim nächsten Mal von vorn.",
    },
  },
  messages: {
    you: "Sie",
    pending: "{{name}} schreibt Ihnen gleich noch …",
    empty: "Starten Sie die Station, dann kommt hier die erste Nachricht an.",
    emptyQr:
      "Scannen Sie den Code auf dem Schild an der Station, dann kommt hier die erste Nachricht an.",
    emptyNear:
      "Gehen Sie zur Station und starten Sie sie dort, dann kommt hier die erste Nachricht an.",
    emptyQrOrNear:
      "Gehen Sie zur Station und starten Sie sie dort oder scannen Sie den Code auf ihrem Schild, dann kommt hier die erste Nachricht an.",
  },
  gallery: {
    you: "Sie",
  },
  mission: {
    label: "Ihre Einsendung",
    noMicrophone:
      "Das Mikrofon ist nicht erlaubt oder fehlt. Erlauben Sie es in den Einstellungen des Browsers.",
  },
  media: {
    offline: "Das lässt sich gerade nicht laden. Sind Sie online?",
  },
  install: {
    hintText:
      "Legen Sie das Spiel auf Ihren Home-Bildschirm: ein Tipp, und es geht weiter, ohne Browser drumherum.",
    iosIntro:
      "Dann liegt das Spiel wie eine App auf Ihrem iPhone, und die Figuren erreichen Sie auch, wenn es zu ist.",
    iosShare: "Tippen Sie in Safari unten auf „Teilen“",
    iosAdd: "Wählen Sie „Zum Home-Bildschirm“ und tippen Sie auf „Hinzufügen“.",
    iosOpen: "Öffnen Sie das Spiel vom Home-Bildschirm und erlauben Sie dort Mitteilungen.",
    iosHint:
      "Auf dem iPhone erreichen Sie die Figuren mit einer Mitteilung, wenn das Spiel auf Ihrem Home-Bildschirm liegt.",
  },
  messenger: {
    label: "Ihre Antwort",
    placeholder: "Ihre Antwort …",
    rejected: "Das war es noch nicht. Versuchen Sie es noch einmal!",
    repeated: "Das haben Sie schon versucht. Versuchen Sie es mit einer anderen Antwort!",
    queued: "Wird gesendet, sobald Sie online sind",
  },
  notFound: {
    text: "Vielleicht ist der Link veraltet. Gehen Sie am besten zurück zum Start.",
  },
  register: {
    intro: "Mit einem Konto melden Sie sich auf jedem Handy an und spielen dort weiter.",
    phoneHint: "Wir schicken Ihnen einen 6-stelligen Code per SMS.",
    codeSent: "Wir haben Ihnen einen 6-stelligen Code an {{phone}} geschickt.",
    signedIn:
      "Willkommen! Sie sind angemeldet. Bis Sie im Menü ein eigenes Passwort wählen, ist der Code aus der SMS Ihr Passwort.",
  },
  password: {
    resetIntro: "Wählen Sie ein neues Passwort für Ihr Konto.",
    changeIntro: "Wählen Sie ein neues Passwort. Ihre anderen Geräte werden dabei abgemeldet.",
    chooseHeading: "Wählen Sie Ihr Passwort",
    chooseIntro:
      "Bisher ist der Code aus der SMS Ihr Passwort. Wählen Sie jetzt ein eigenes – damit melden Sie sich künftig an.",
    saved: "Ihr Passwort ist geändert.",
    smsIntro: "Wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort festlegen.",
    resetSent: "Wir haben Ihnen eine SMS mit einem Link geschickt.",
    linkInvalid:
      "Dieser Link gilt nicht mehr: Er ist abgelaufen, oder ein neuerer wurde geschickt. Fordern Sie auf der Anmeldeseite einen neuen an („Passwort vergessen?“).",
    linkUsed: "Sie haben mit diesem Link ein neues Passwort festgelegt. Melden Sie sich damit an.",
    newLinkNow:
      "Wieder vergessen? Fordern Sie auf der Anmeldeseite einen neuen Link an („Passwort vergessen?“).",
    newLinkToday:
      "Wieder vergessen? Ab heute {{time}} Uhr können Sie auf der Anmeldeseite einen neuen Link anfordern („Passwort vergessen?“).",
    newLinkTomorrow:
      "Wieder vergessen? Ab morgen {{time}} Uhr können Sie auf der Anmeldeseite einen neuen Link anfordern („Passwort vergessen?“).",
  },
  keep: {
    intro:
      "Bisher ist Ihr Spiel nur auf diesem Gerät gespeichert. Registrieren Sie sich mit Vorname und Handynummer: Ihre Punkte, Stationen, Nachrichten und Ihr Team bleiben Ihnen, und Sie können sich auf jedem Handy anmelden.",
    kept: "Geschafft: Ihr Spielstand ist jetzt mit Ihrer Nummer gesichert.",
  },
  end: {
    heading: "Ihr Konto löschen",
    text: "Damit löschen Sie Ihr Konto, Ihren Spielstand und alles, was über Sie gespeichert ist. Das lässt sich nicht rückgängig machen.",
    deleted: "Ihr Konto und Ihre Daten wurden gelöscht.",
    confirm: {
      text: "Alle Ihre Daten werden endgültig gelöscht.",
    },
  },
  team: {
    needed:
      "Dieses Spiel spielen Sie im Team. Treten Sie einem Team bei oder gründen Sie eins, indem Sie andere einladen.",
    member: "Sie spielen in einem Team.",
    joinText: "Hat Ihnen jemand einen Einladungscode geschickt? Geben Sie ihn hier ein.",
    joining: "Sie treten dem Team bei …",
    joined: "Sie sind jetzt im Team. Viel Spaß zusammen!",
    inviteText:
      "Erstellen Sie eine Einladung: Wer den QR-Code scannt oder den Code eingibt, spielt mit Ihnen zusammen.",
    yourCode: "Ihr Einladungscode",
    shareText: "Spielen Sie {{game}} in meinem Team!",
    optional:
      "Spielen Sie allein oder zusammen im Team: Treten Sie einem Team bei oder laden Sie andere ein.",
    alreadyMember: "Sie sind schon in diesem Team.",
    confirmJoin: {
      lose: "Ihr bisheriges Spiel wird gelöscht: {{points}}, {{stations}} und alle Nachrichten. Das lässt sich nicht rückgängig machen.",
      loseTeam:
        "Sie verlassen Ihr jetziges Team: Seine {{points}} und {{stations}} zählen dann nicht mehr für Sie.",
      leaveTeam: "Sie verlassen Ihr jetziges Team.",
      fresh: "Sie haben noch keine Station abgeschlossen: Sie fangen mit dem Team neu an.",
    },
    membersHeading: "Ihr Team: {{name}}",
    you: "Sie",
  },
  unavailable: {
    notFound:
      "Diese Station haben Sie noch nicht gefunden. Die Figuren verraten Ihnen, wo geheime Stationen liegen.",
    closed:
      "Die Spielleitung hat diese Station für Sie geschlossen. Suchen Sie sich in der Liste eine andere aus.",
    withdrawn:
      "Die Spielleitung hat diese Station aus dem Spiel genommen, während Sie sie gespielt haben. Was Sie geschickt haben, bleibt gespeichert, und Ihre Punkte der anderen Stationen zählen: Suchen Sie sich in der Liste eine andere Station aus.",
  },
  news: {
    none: "Noch keine Neuigkeiten. Was die Figuren und die Spielleitung Ihnen schreiben, finden Sie hier.",
    "station-nearby": "Eine Station in Ihrer Nähe",
    "station-arrived": "Sie sind da",
    arrivedOpen: "Sie öffnet sich jetzt: Starten Sie sie.",
    newPoints: "Sie haben neue Punkte gesammelt!",
    toPoints: "Zu Ihren Punkten und Ihrem Wappen",
    introText: "In vier kurzen Schritten erfahren Sie, wie das Spiel funktioniert.",
  },
  organisers,
  gameClock,
  points: {
    totalLabel: "Ihre Punkte bisher",
    crest: "Ihr Wappen",
    none: "Sie haben noch keine Station geschafft. Starten Sie eine, lösen Sie ihre Rätsel und sammeln Sie Ihre ersten Punkte!",
  },
  stories: {
    intro:
      "Jede Station, die Sie mit Punkten abschließen, bringt Sie der nächsten Geschichte näher.",
    empty:
      "Noch ist keine Geschichte freigeschaltet. Schließen Sie eine Station mit Punkten ab, dann wartet die erste auf Sie.",
    points: "Ihre Punkte",
  },
  intro: {
    steps: {
      s1: {
        text: "Dieses Spiel ist ein Spaziergang durch die Stadt. Unterwegs treffen Sie die Figuren einer Geschichte – direkt auf Ihrem Handy.",
      },
      s2: {
        headline: "Starten Sie eine Station",
        text: "Suchen Sie sich in der Liste eine Station aus und starten Sie sie, wenn Sie dort sind. Ihre Figuren schreiben Ihnen wie in einem Messenger.",
      },
      s3: {
        headline: "Antworten und Punkte sammeln",
        text: "Lösen Sie die Rätsel: Tippen Sie Ihre Antwort ein oder wählen Sie eine der Antworten aus. Jede geschaffte Station bringt Ihnen Punkte und Sterne.",
      },
      s4: {
        headline: "Geschichten freischalten",
        text: "Mit Ihren Punkten schalten Sie Hörgeschichten über die Stadt frei. Kopfhörer auf und anhören, wann immer Sie mögen.",
      },
    },
  },
  help: {
    intro: "Fragen zum Spiel? Hier finden Sie die Antworten.",
    entries: {
      start: {
        text: "Öffnen Sie „Stationen“, wählen Sie eine Station aus und tippen Sie auf „Station starten“. Sie spielen immer nur eine Station: Starten Sie eine andere, wird die aktuelle beendet.",
      },
      answer: {
        text: "Wenn eine Figur Sie etwas fragt, öffnet sich unter dem Chat das Eingabefeld. Schreiben Sie Ihre Antwort und schicken Sie sie ab – oder tippen Sie auf eine der angebotenen Antworten.",
      },
      points: {
        text: "Eine Station vergibt ihre Punkte, wenn Sie sie geschafft haben. Ihre Punkte, Sterne und Ihr Wappen finden Sie auf der Punkteseite.",
      },
      stories: {
        text: "Hörgeschichten über die Orte des Spiels. Jede Station, die Sie mit Punkten abschließen, bringt Sie der nächsten näher.",
      },
      location: {
        text: "Um zu zeigen, wie weit die Stationen entfernt sind und welche in Ihrer Nähe liegt. Ans Spiel geht er nur, wenn Sie eine Station starten, die sich erst an ihrem Ort öffnet, oder eine über ihren QR-Code öffnen (zur Prüfung, ob Sie dort sind; er wird nicht gespeichert), und solange Sie ihn auf der Karte mit Ihrem Team teilen. Mehr steht im Datenschutzhinweis. Ohne Standort funktioniert das Spiel auch, nur nicht die Stationen, die sich erst an ihrem Ort öffnen.",
      },
    },
  },
  privacy: {
    deletion:
      "Sie können Ihr Konto mit allen Daten jederzeit im Menü unter „Konto löschen“ löschen.",
  },
  scoreboard: {
    yourRank: "Sie sind auf Platz {{rank}}",
    you: "Sie",
    empty: "Noch hat niemand eine Station geschafft. Seien Sie die oder der Erste!",
  },
  vuelidate: {
    minLength: "Bitte geben Sie mindestens {{min}} Zeichen ein.",
    sameAs: "Bitte wiederholen Sie das Feld korrekt.",
    maxLength: "Bitte geben Sie höchstens {{max}} Zeichen ein.",
    accepted: "Bitte bestätigen Sie das, um fortzufahren.",
  },
  apiError: {
    "401": "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich neu an.",
    "430": "Anmeldung fehlgeschlagen. Bitte prüfen Sie Handynummer und Passwort.",
    "429":
      "Für diese Nummer ging in den letzten 24 Stunden schon ein Link raus, und es gibt einen am Tag. Noch nicht benutzt? Nehmen Sie den Link aus der letzten SMS. Schon ein neues Passwort damit festgelegt? Dann melden Sie sich mit diesem an.",
    "000": "Da ist etwas schiefgegangen. Bitte versuchen Sie es noch einmal.",
    accountRegistered: "Ihr Spielstand ist schon mit einer Handynummer gesichert.",
    tooMany: "Zu viele Versuche. Bitte warten Sie etwas und versuchen Sie es dann noch einmal.",
    offline: "Keine Verbindung. Versuchen Sie es noch einmal, sobald Sie wieder Empfang haben.",
    stationDone: "Diese Station haben Sie schon geschafft.",
    stationClosed: "Die Spielleitung hat diese Station für Sie geschlossen.",
    stationCodeRequired: "Diese Station öffnet sich mit ihrem Code: Scannen Sie ihn vor Ort.",
    stationNotFound: "Diese Station haben Sie noch nicht gefunden.",
    positionRequired:
      "Diese Station öffnet sich nur vor Ort. Erlauben Sie der App, Ihren Standort zu verwenden.",
    tooFar: "Gehen Sie näher heran: noch {{distance}}.",
    currentPasswordNeeded: "Bitte geben Sie Ihr bisheriges Passwort ein.",
    wrongPassword: "Ihr bisheriges Passwort stimmt nicht.",
    commonPassword:
      "Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.",
    storyLocked: "Diese Geschichte ist noch nicht frei. Sammeln Sie an weiteren Stationen Punkte.",
    sse: "Die Verbindung ist abgebrochen. Bitte laden Sie die Seite neu.",
  },
};
