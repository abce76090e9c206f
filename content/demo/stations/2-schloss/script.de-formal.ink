VAR points = 0
Wer wagt es, meinen Schlossberg zu erklimmen? Ah, ein Gast! Willkommen.
Ich bin Philipp, Landgraf von Hessen. Was möchten Sie zuerst sehen?
+ [Den Fürstensaal]
    Der Fürstensaal ist einer der größten gotischen Säle Deutschlands.
    Hier habe ich 1529 Luther und Zwingli an einen Tisch geholt.
    ~ points = 2
+ [Die Aussicht]
    Von der Terrasse sehen Sie über die ganze Stadt bis zur Lahn.
    Dort unten, sehen Sie die Türme der Elisabethkirche?
    ~ points = 1
- Danke für Ihren Besuch. Und nun: Auf zur Elisabethkirche!
-> END
