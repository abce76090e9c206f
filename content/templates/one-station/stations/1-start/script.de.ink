VAR points = 0
Willkommen! Hier beginnt das Spiel.
Bist du bereit?
+ [Ja]
    Dann los!
    ~ points = 1
- -> END
