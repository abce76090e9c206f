VAR points = 0
Archive sheet no. 7: the Witches' Tower in the castle park.
stations/7/hexenturm.png #content
The round tower was once part of the castle's fortifications. Nobody knows for sure any more how it got its name – but it certainly sparks the imagination.
A tower without a door, with just one window at the very top: which fairy tale does that remind you of?
+ [Rapunzel]
    Right: "Rapunzel, Rapunzel, let down your hair!"
    ~ points = 2
+ [Sleeping Beauty]
    Close! Sleeping Beauty sleeps in a castle behind a thorn hedge. The answer was Rapunzel.
    ~ points = 1
+ [Hansel and Gretel]
    There's a witch in that one, but she lives in a gingerbread house, not a tower. The answer was Rapunzel.
- Thank you! This sheet is back in the archive.
-> END
