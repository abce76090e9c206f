VAR points = 0
Dear friend, I am writing to you from the Brothers Grimm room on the market square.
stations/4/siegel.png #content
A gust of wind has blown our notes out of the window. Now our fairy tales are scattered all over Marburg!
Will you help us gather them up again?
+ [Of course!]
    Wonderful! I knew I could count on you.
+ [What's it all about?]
    At every station a fairy-tale character is waiting for you. Solve their task, and their tale will find its way back to us.
- ~ points = 1
It's best to start with my brother Wilhelm at the Old University. #recommend: alte-universitaet
Yours, Jacob Grimm
P.S. Under "Stories" we tell you how it all began. The first chapter is already waiting for you there; more will open as more stations earn you points. #delay: 1m
-> END
