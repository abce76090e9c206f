VAR points = 0
Wer wagt es, meinen Schlossberg zu erklimmen? Ah, ein Gast! Willkommen.
Ich bin Philipp, Landgraf von Hessen. Was möchtest du zuerst sehen?
+ [Den Fürstensaal]
    Der Fürstensaal ist einer der größten gotischen Säle Deutschlands.
    Hier habe ich 1529 Luther und Zwingli an einen Tisch geholt.
    ~ points = 2
+ [Die Aussicht]
    Von der Terrasse siehst du über die ganze Stadt bis zur Lahn.
    Dort unten, siehst du die Türme der Elisabethkirche?
    ~ points = 1
- Danke für deinen Besuch. Und nun: Auf zur Elisabethkirche!
-> END
