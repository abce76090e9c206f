VAR points = 0
Da bist du ja wieder! Vor dir steht die Elisabethkirche.
stations/3/elisabethkirche.jpg #content
Hör dir an, was man sich über Elisabeth erzählt.
stations/3/rosenwunder.mp3 #content #seen: 0.8
Was meinst du: Soll ich dir noch verraten, wie viele Jahre man an der Kirche gebaut hat?
+ [Ja, erzähl!]
    Fast fünfzig Jahre! Erst 1283 wurde sie geweiht.
    ~ points = 2
+ [Nein, danke]
    Auch gut, dann bleibt das mein Geheimnis.
    ~ points = 1
- Hier endet meine Führung – danke, dass du dabei warst!
Die Märchen der Brüder Grimm sind überall in der Stadt verstreut. Viel Glück bei der Suche!
-> END
