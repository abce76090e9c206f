VAR points = 0
Hallo! Schön, dass du da bist. Ich bin Lena und zeige dir heute die Oberstadt.
Du stehst auf dem Marktplatz, direkt vor dem Rathaus.
Schau mal hinauf zum Giebel: Dort sitzt eine alte Kunstuhr.
- (frage)
Welches Tier kräht dort oben zur vollen Stunde?
+ [Hahn / Gockel / Gickel / Gockelhahn #answer]
    Genau, der Gockel! Er schlägt mit den Flügeln und kräht, seit über 400 Jahren.
    ~ points = 3
+ [#answer]
    Hm, das ist es nicht. Kleiner Tipp: Es weckt auf dem Bauernhof alle auf.
    -> frage
- Weiter geht's hinauf zum Schloss. Bis gleich!
-> END
