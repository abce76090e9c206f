VAR points = 0
Du hast das Schild gefunden! Ich bin der Türmer von Sankt Marien.
Von hier oben sehe ich die ganze Stadt. Wie viele Stufen führen wohl zum Kirchhof hinauf?
+ [Ein paar Dutzend]
    Mehr! Zähl beim Hinuntergehen nach.
+ [Über hundert]
    Gut geschätzt – die Treppen der Oberstadt sind lang.
    ~ points = 1
- Schau dich um, bevor du weiterziehst.
-> END
