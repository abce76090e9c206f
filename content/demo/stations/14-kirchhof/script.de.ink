VAR points = 0
Du hast das Schild gefunden! Ich bin der Türmer von Sankt Marien.
Von hier oben sehe ich die ganze Stadt. Wie viele Stufen führen wohl zum Kirchhof hinauf?
+ [Ein paar Dutzend]
    Mehr! Zähl beim Hinuntergehen nach.
+ [Über hundert]
    Gut geschätzt – die Treppen der Oberstadt sind lang.
    ~ points = 1
- Schau dich um, bevor du weiterziehst.
Und schick mir ein Foto von meinem Turm, so wie du ihn von unten siehst!
- (foto)
+ [Der Turm der Marienkirche, von unten #photo #points: 2]
    Prächtig! So hoch sieht er also von unten aus.
+ [#rejected]
    Hm, das ist nicht mein Turm. Versuch es noch einmal!
    -> foto
+ [Lieber nicht]
    Auch gut. Der Turm läuft nicht weg.
- -> END
