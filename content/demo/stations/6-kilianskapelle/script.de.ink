VAR points = 0
VAR versuche = 0
Psst! Du hast mich gefunden. Ich bin der Schuster aus dem Märchen von den Wichtelmännern.
Jede Nacht kamen zwei kleine Helfer in meine Werkstatt und nähten die feinsten Schuhe. Schau:
stations/6/wichtelmaenner.mp4 #content #seen: 0.9
- (frage)
Sieh dich um: Welche Handwerker haben diesem Platz seinen Namen gegeben?
+ [Schuhmacher / Schumacher / Schuster / Schuhmacherinnen / Schuhmacherin #answer]
    Richtig! Der Schuhmarkt erinnert an die Schuhmacher, die hier früher ihre Ware anboten.
    ~ points = MAX(3 - versuche, 1)
+ [#answer]
    ~ versuche = versuche + 1
    Nicht ganz. Lies mal das Straßenschild: Schuh… was?
    -> frage
- Zum Dank haben meine Frau und ich den Wichtelmännern winzige Kleider genäht. Da tanzten sie zur Tür hinaus und kamen nie wieder.
Danke, dass du mein Märchen zurückgebracht hast!
-> END
