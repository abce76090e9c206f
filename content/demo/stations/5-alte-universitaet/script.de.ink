VAR points = 0
Ah, da bist du ja! Jacob hat dich schon angekündigt. Ich bin Wilhelm, sein jüngerer Bruder.
stations/5/universitaet.png #content
Dort, wo heute die Alte Universität steht, war früher ein Kloster. Darin haben Jacob und ich unsere Vorlesungen gehört.
Eigentlich sollten wir Rechtswissenschaft lernen. Was meinst du: Was hat uns mehr gefesselt?
+ [Die Gesetze]
    Ha! Das hätte unser Professor gern gehört. Aber nein …
+ [Alte Geschichten]
    Genau! Alte Lieder, Sagen und vor allem Märchen.
    ~ points = 1
- Warte, ich suche dir ein Blatt aus unserer Sammlung heraus …
Gefunden! Es ist das Märchen vom Froschkönig. Bring es bitte hinunter zur Lahn, an die Weidenhäuser Brücke. #delay: 30s
~ points = points + 1
Und noch ein Geheimtipp, der in keiner Liste steht: In der Kilianskapelle am Schuhmarkt wartet ein Schuster auf dich. Frag ihn nach den Wichtelmännern! #recommend: kilianskapelle
-> END
