VAR points = 0
How nice that you really came here! I run the pharmacy on the Steinweg.
The Brothers Grimm walked past here every day. What do you think they bought from me?
+ [Ink]
    Nearly! Ink was sold by the bookbinder next door.
+ [Cough syrup]
    Right – everyone caught a cold in the damp lecture halls.
    ~ points = 1
- I won't wish you a speedy recovery: you are well, after all!
-> END
