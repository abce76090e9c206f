VAR points = 0
Who dares to climb my castle hill? Ah, a guest! Welcome.
I am Philipp, Landgrave of Hesse. What would you like to see first?
+ [The Princes' Hall]
    The Princes' Hall is one of the largest Gothic halls in Germany.
    It was here, in 1529, that I brought Luther and Zwingli to the same table.
    ~ points = 2
+ [The view]
    From the terrace you can see across the whole town to the river Lahn.
    Down there, can you see the towers of St Elizabeth's Church?
    ~ points = 1
- Thank you for your visit. And now: off to St Elizabeth's Church!
-> END
