VAR points = 0
Quak! Endlich bringt mir jemand mein Märchen zurück. Wilhelm hat Sie geschickt, nicht wahr?
Unter dieser Brücke fließt die Lahn. Ein schöner Ort für einen Frosch – aber etwas fehlt mir.
-> raetsel

== raetsel ==
- (frage)
Was fiel der Königstochter im Märchen in den Brunnen?
+ [goldene Kugel / Kugel / die goldene Kugel / Ball / goldener Ball #answer]
    Ganz genau, ihre goldene Kugel! Ich habe sie ihr heraufgeholt.
    ~ points += 2
    -> abschied
* [Einen Tipp, bitte #hint: 1]
    Sie war rund, glänzte in der Sonne, und die Königstochter spielte am liebsten damit.
    -> frage
* [Noch ein Tipp #hint: 1]
    Sie ist aus Gold. Und ich habe sie aus dem Brunnen heraufgeholt.
    -> frage
+ [#answer]
    Quak, das war es nicht. Versuchen Sie es noch einmal!
    -> frage

== aufloesung ==
Ich verrate es Ihnen: Es war ihre goldene Kugel. Ich habe sie ihr aus dem Brunnen heraufgeholt.
-> abschied

== abschied ==
Und nun entschuldigen Sie mich – ich werde zum Abendessen im Schloss erwartet.
-> END
