VAR points = 0
Schön, dass Sie wirklich hergekommen sind! Ich führe die Apotheke am Steinweg.
Die Brüder Grimm sind hier jeden Tag vorbeigekommen. Was meinen Sie, was sie bei mir gekauft haben?
+ [Tinte]
    Fast! Tinte gab es beim Buchbinder nebenan.
+ [Hustensaft]
    Richtig – in den feuchten Hörsälen haben sich alle erkältet.
    ~ points = 1
- Gute Besserung wünsche ich Ihnen trotzdem nicht: Sie sind ja gesund!
-> END
