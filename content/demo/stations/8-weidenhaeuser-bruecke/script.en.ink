VAR points = 0
Croak! At last, someone is bringing my tale back. Wilhelm sent you, didn't he?
The river Lahn flows under this bridge. A lovely spot for a frog – but I'm missing something.
-> riddle

== riddle ==
- (question)
What did the princess drop into the well in the fairy tale?
+ [golden ball / ball / the golden ball / goldene Kugel / Kugel #answer]
    Exactly, her golden ball! I brought it back up for her.
    ~ points += 2
    -> farewell
* [A hint, please #hint: 1]
    It was round, it shone in the sun, and the princess loved to play with it.
    -> question
* [Another hint #hint: 1]
    It is made of gold. And I brought it back up from the well.
    -> question
+ [#answer]
    Croak, that wasn't it. Try again!
    -> question

== solution ==
I'll tell you: it was her golden ball. I brought it back up from the well for her.
-> farewell

== farewell ==
And now, if you'll excuse me – I'm expected at the castle for dinner.
-> END
