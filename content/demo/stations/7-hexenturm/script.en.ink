VAR points = 0
Archive sheet no. 7: the Witches' Tower in the castle park.
stations/7/hexenturm.png #content
The round tower was once part of the castle's fortifications. Nobody knows for sure any more how it got its name – but it sparks the imagination.
A tower without a door, with just one window at the very top: which fairy tale does that remind you of?
+ [Rapunzel]
    Right: "Rapunzel, Rapunzel, let down your hair!"
    ~ points = 2
+ [Sleeping Beauty]
    Close! Sleeping Beauty sleeps in a castle behind a thorn hedge. The answer was Rapunzel.
    ~ points = 1
+ [Hansel and Gretel]
    There is a witch, but a gingerbread house instead of a tower. The answer was Rapunzel.
- Thank you! This sheet is back in the archive.
-> END
