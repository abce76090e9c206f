VAR points = 0
Archivblatt Nr. 7: Der Hexenturm im Schlosspark.
stations/7/hexenturm.png #content
Der runde Turm gehörte einst zur Befestigung des Schlosses. Wie er zu seinem Namen kam, weiß heute niemand mehr so genau – aber er regt die Fantasie an.
Ein Turm ohne Tür, mit nur einem Fenster ganz oben: An welches Märchen erinnert Sie das?
+ [Rapunzel]
    Richtig: „Rapunzel, Rapunzel, lass mir dein Haar herunter!“
    ~ points = 2
+ [Dornröschen]
    Fast! Dornröschen schläft in einem Schloss hinter einer Dornenhecke. Gemeint war Rapunzel.
    ~ points = 1
+ [Hänsel und Gretel]
    Dort gibt es zwar eine Hexe, aber ein Lebkuchenhaus statt eines Turms. Gemeint war Rapunzel.
- Vielen Dank! Dieses Blatt liegt jetzt wieder im Archiv.
-> END
