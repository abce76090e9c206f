VAR points = 0
Schön, dass du wirklich hergekommen bist! Ich führe die Apotheke am Steinweg.
Die Brüder Grimm sind hier jeden Tag vorbeigekommen. Was meinst du, was sie bei mir gekauft haben?
+ [Tinte]
    Fast! Tinte gab es beim Buchbinder nebenan.
+ [Hustensaft]
    Richtig – in den feuchten Hörsälen haben sich alle erkältet.
    ~ points = 1
- Gute Besserung wünsche ich dir trotzdem nicht: du bist ja gesund!
-> END
