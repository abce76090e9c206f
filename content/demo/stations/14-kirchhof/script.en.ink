VAR points = 0
You found the sign! I'm the tower keeper of St Mary's.
From up here I see the whole town. How many steps do you think lead up to the churchyard?
+ [A few dozen]
    More! Count them on your way down.
+ [Over a hundred]
    Good guess – the stairs of the upper town are long.
    ~ points = 1
- Have a look around before you move on.
And send me a photo of my tower, as you see it from down there!
- (photo)
+ [St Mary's tower, from below #photo #points: 2]
    Splendid! So that is how tall it looks from below.
+ [#rejected]
    Hm, that is not my tower. Try again!
    -> photo
+ [Rather not]
    That's fine. The tower won't run away.
- -> END
