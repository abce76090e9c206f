VAR points = 0
Sie haben das Schild gefunden! Ich bin der Türmer von Sankt Marien.
Von hier oben sehe ich die ganze Stadt. Wie viele Stufen führen wohl zum Kirchhof hinauf?
+ [Ein paar Dutzend]
    Mehr! Zählen Sie beim Hinuntergehen nach.
+ [Über hundert]
    Gut geschätzt – die Treppen der Oberstadt sind lang.
    ~ points = 1
- Schauen Sie sich um, bevor Sie weiterziehen.
Und schicken Sie mir ein Foto von meinem Turm, so wie Sie ihn von unten sehen!
- (foto)
+ [Der Turm der Marienkirche, von unten #photo #points: 2]
    Prächtig! So hoch sieht er also von unten aus.
+ [#rejected]
    Hm, das ist nicht mein Turm. Versuchen Sie es noch einmal!
    -> foto
+ [Lieber nicht]
    Auch gut. Der Turm läuft nicht weg.
- -> END
