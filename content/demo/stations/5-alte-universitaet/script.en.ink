VAR points = 0
Ah, there you are! Jacob told me you were coming. I'm Wilhelm, his younger brother.
stations/5/universitaet.png #content
Where the Old University stands today, there used to be a monastery. That's where Jacob and I attended our lectures.
We were supposed to study law. What do you think fascinated us more?
+ [The laws]
    Ha! Our professor would have loved to hear that. But no …
+ [Old stories]
    Exactly! Old songs, legends and above all fairy tales.
    ~ points = 1
- Wait, let me find you a page from our collection …
Found it! It's the tale of the Frog King. Please take it down to the river Lahn, to the Weidenhausen Bridge. #delay: 30s
~ points = points + 1
And one more secret tip that isn't on any list: a shoemaker is waiting for you in St Kilian's Chapel on the Schuhmarkt. Ask him about the elves! #recommend: kilianskapelle
-> END
