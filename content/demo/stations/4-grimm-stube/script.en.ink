VAR points = 0
Dear friend, I am writing to you from the Brothers Grimm room on the market square.
stations/4/siegel.png #content
A gust of wind has blown our notes out of the window. Now our fairy tales lie scattered all over Marburg!
Will you help us gather them up again?
+ [Of course!]
    Wonderful! I knew I could count on you.
+ [What exactly is this about?]
    At every station a fairy-tale character is waiting for you. Solve their task and their tale comes back to us.
- ~ points = 1
Best start with my brother Wilhelm at the Old University. #recommend
Kind regards, your Jacob Grimm
P.S. Under "Stories" we tell you how it all began. The first one opens as soon as a station has earned you points. #delay: 1m
-> END
