VAR points = 0
Sit down with me on the steps for a moment. I'll tell you a fairy tale.
stations/9/geisslein-en.mp3 #content #seen: 0.8
Now tell me: where did the youngest kid hide from the wolf?
+ [In the clock case]
    Exactly! The wolf didn't find it there, and so it could tell its mother everything.
    ~ points = 1
+ [In the bed]
    The wolf found one there! The youngest was hiding in the clock case.
+ [In the oven]
    The wolf looked there straight away. The youngest was hiding in the clock case.
- stations/9/uhrenkasten.png #content
That was the tale of the wolf and the seven little goats. Come back soon!
-> END
