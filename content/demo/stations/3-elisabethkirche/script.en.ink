VAR points = 0
There you are again! In front of you is St Elizabeth's Church.
stations/3/elisabethkirche.jpg #content
Listen to the legend people tell of Elizabeth.
stations/3/rosenwunder-en.mp3 #content #seen: 0.8
Would you like to know how many years it took to build the church?
+ [Yes, tell me!]
    Almost fifty years! It wasn't consecrated until 1283.
    ~ points = 2
+ [No, thanks]
    Fair enough – then that stays my secret.
    ~ points = 1
- This is where my tour ends – thank you for joining me!
The Brothers Grimm's fairy tales are scattered all over town. Good luck finding them!
-> END
