VAR points = 0
Sie haben das Schild gefunden! Ich bin der Türmer von Sankt Marien.
Von hier oben sehe ich die ganze Stadt. Wie viele Stufen führen wohl zum Kirchhof hinauf?
+ [Ein paar Dutzend]
    Mehr! Zählen Sie beim Hinuntergehen nach.
+ [Über hundert]
    Gut geschätzt – die Treppen der Oberstadt sind lang.
    ~ points = 1
- Schauen Sie sich um, bevor Sie weiterziehen.
-> END
