VAR points = 0
Setzen Sie sich einen Moment zu mir auf die Stufen. Ich erzähle Ihnen ein Märchen.
stations/9/geisslein.mp3 #content #seen: 0.8
Nun sagen Sie: Wo hat sich das jüngste Geißlein vor dem Wolf versteckt?
+ [Im Uhrenkasten]
    Genau! Dort hat der Wolf es nicht gefunden, und so konnte es der Mutter alles erzählen.
    ~ points = 1
+ [Im Bett]
    Dort hat der Wolf eins gefunden! Das jüngste saß im Uhrenkasten.
+ [Im Ofen]
    Dort hat der Wolf gleich nachgesehen. Das jüngste saß im Uhrenkasten.
- stations/9/uhrenkasten.png #content
Das war das Märchen vom Wolf und den sieben Geißlein. Kommen Sie bald wieder!
-> END
