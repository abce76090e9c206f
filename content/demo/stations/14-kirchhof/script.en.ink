VAR points = 0
You found the sign! I'm the tower keeper of St Mary's.
From up here I see the whole town. How many steps do you think lead up to the churchyard?
+ [A few dozen]
    More! Count them on your way down.
+ [Over a hundred]
    Good guess – the stairs of the upper town are long.
    ~ points = 1
- Have a look around before you move on.
-> END
