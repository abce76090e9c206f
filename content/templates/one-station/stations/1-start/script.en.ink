VAR points = 0
Welcome! The game begins here.
Are you ready?
+ [Yes]
    Off you go!
    ~ points = 1
- -> END
