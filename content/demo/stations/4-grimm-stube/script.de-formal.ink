VAR points = 0
Sehr geehrte Mitspielerin, sehr geehrter Mitspieler, ich schreibe Ihnen aus der Brüder-Grimm-Stube am Markt.
stations/4/siegel.png #content
Ein Windstoß hat unsere Notizen aus dem Fenster geweht. Jetzt liegen unsere Märchen überall in Marburg verstreut!
Helfen Sie uns, sie wieder einzusammeln?
+ [Selbstverständlich!]
    Wunderbar! Ich wusste, dass auf Sie Verlass ist.
+ [Worum geht es genau?]
    An jeder Station wartet eine Märchenfigur auf Sie. Lösen Sie ihre Aufgabe, kehrt ihr Märchen zu uns zurück.
- ~ points = 1
Beginnen Sie am besten bei meinem Bruder Wilhelm an der Alten Universität. #recommend: alte-universitaet
Mit herzlichen Grüßen, Ihr Jacob Grimm
P.S. Unter „Geschichten“ erzählen wir Ihnen, wie alles begann. Das erste Kapitel wartet dort schon auf Sie; weitere öffnen sich, je mehr Stationen Ihnen Punkte bringen. #delay: 1m
-> END
