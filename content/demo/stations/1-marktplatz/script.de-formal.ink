VAR points = 0
Guten Tag! Schön, dass Sie da sind. Ich bin Lena und zeige Ihnen heute die Oberstadt.
Sie stehen auf dem Marktplatz, direkt vor dem Rathaus.
Schauen Sie einmal hinauf zum Giebel: Dort sitzt eine alte Kunstuhr.
- (frage)
Welches Tier kräht dort oben zur vollen Stunde?
+ [Hahn / Gockel / Gickel / Gockelhahn #answer]
    Genau, der Gockel! Er schlägt mit den Flügeln und kräht, seit über 400 Jahren.
    ~ points = 3
+ [#answer]
    Hm, das ist es nicht. Ein kleiner Tipp: Es weckt auf dem Bauernhof alle auf.
    -> frage
- Weiter geht es hinauf zum Schloss. Bis gleich!
-> END
