VAR points = 0
There you are again! In front of you stands St Elizabeth's Church.
stations/3/elisabethkirche.jpg #content
Listen to what people tell about Elizabeth.
stations/3/rosenwunder-en.mp3 #content #seen: 0.8
What do you think: shall I tell you how many years it took to build the church?
+ [Yes, tell me!]
    Almost fifty years! It was consecrated in 1283.
    ~ points = 2
+ [No, thanks]
    What a pity! See you next time.
    ~ points = 1
- That's the end of our walk. Thank you for joining me!
-> END
