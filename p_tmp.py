import time
from solver.position import Position
from solver.search.hint import hint
t=time.time()
pos=Position.from_json({"rules":"henan","level":"2","trump":"S","options":{},
 "hands":["AH AH QH QH 9H 9H 6C 6C","3C 4C","7H 7H 8H 8H JH JH KH KH","10H 10H 6H 6H 9C 9C 10C 10C"],
 "dealer":0,"leader":1,"trick":["3H 3H 4H 4H 5H 5H"],"attacker_points":0,"kitty":"","played":""})
h=hint(pos, budget=5)
print(time.time()-t, h.exact, [ (" ".join(map(str,p)),v) for p,v in h.alternatives])
