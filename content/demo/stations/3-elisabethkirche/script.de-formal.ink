VAR points = 0
Da sind Sie ja wieder! Vor Ihnen steht die Elisabethkirche.
stations/3/elisabethkirche.jpg #content
Hören Sie sich an, was man sich über Elisabeth erzählt.
stations/3/rosenwunder.mp3 #content #seen: 0.8
Was meinen Sie: Soll ich Ihnen noch verraten, wie viele Jahre man an der Kirche gebaut hat?
+ [Ja, erzählen Sie!]
    Fast fünfzig Jahre! Erst 1283 wurde sie geweiht.
    ~ points = 2
+ [Nein, danke]
    Auch gut, dann bleibt das mein Geheimnis.
    ~ points = 1
- Hier endet meine Führung – danke, dass Sie dabei waren!
Die Märchen der Brüder Grimm sind überall in der Stadt verstreut. Viel Glück bei der Suche!
-> END
