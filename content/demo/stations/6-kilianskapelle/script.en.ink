VAR points = 0
VAR tries = 0
Psst! You've found me. I'm the shoemaker from "The Elves and the Shoemaker".
Every night two little helpers came into my workshop and sewed the finest shoes. Look:
stations/6/wichtelmaenner-en.mp4 #content #seen: 0.9
- (question)
Look around: which craftsmen gave this square its name? (The German name will do.)
+ [Shoemakers / Shoemaker / Cobblers / Cobbler / Schuhmacher / Schuster #answer]
    Right! The Schuhmarkt, the "shoe market", is named after the shoemakers who once sold their wares here.
    ~ points = MAX(3 - tries, 1)
+ [#answer]
    ~ tries = tries + 1
    Not quite. Read the street sign: Schuh… means shoe!
    -> question
- To thank them, my wife and I sewed tiny clothes for the elves. They danced out of the door and never came back.
Thank you for bringing my tale back!
-> END
