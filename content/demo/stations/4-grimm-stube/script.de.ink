VAR points = 0
Liebe Freundin, lieber Freund, ich schreibe dir aus der Brüder-Grimm-Stube am Markt.
stations/4/siegel.png #content
Ein Windstoß hat unsere Notizen aus dem Fenster geweht. Jetzt liegen unsere Märchen überall in Marburg verstreut!
Hilfst du uns, sie wieder einzusammeln?
+ [Na klar!]
    Wunderbar! Ich wusste, dass auf dich Verlass ist.
+ [Worum geht es genau?]
    An jeder Station wartet eine Märchenfigur auf dich. Löst du ihre Aufgabe, kehrt ihr Märchen zu uns zurück.
- ~ points = 1
Fang am besten bei meinem Bruder Wilhelm an der Alten Universität an. #recommend: alte-universitaet
Herzliche Grüße, dein Jacob Grimm
P.S. Unter „Geschichten“ erzählen wir dir, wie alles begann. Das erste Kapitel wartet dort schon auf dich; weitere öffnen sich, je mehr Stationen dir Punkte bringen. #delay: 1m
-> END
