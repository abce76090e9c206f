VAR points = 0
Hello! Glad you're here. I'm Lena, and today I'll show you around the upper town.
You're standing on the market square, right in front of the town hall.
Look up at the gable: there's an ornate old clock.
- (question)
Which animal crows up there on the hour?
+ [Rooster / Cock / Cockerel / Hahn / Gockel #answer]
    Exactly, the rooster! It flaps its wings and crows, and has done so for over 400 years.
    ~ points = 3
+ [#answer]
    Hm, that's not it. A little hint: it wakes everybody up on the farm.
    -> question
- On we go, up to the castle. See you soon!
-> END
