-- Random walk caves: a drunkard starts at the centre and floors every wall cell it steps on,
-- until a share of the map is floor. One step per move, so the walk can be watched.
-- Source: RogueBasin, "Random Walk Cave Generation" (the drunkard's walk).
--
--   dungen generate examples/generators/random-walk.lua --seed 3 --floor-percent 30
return {
  name = "random-walk",
  summary = "a drunkard floors the cells it walks until a share of the map is floor (RogueBasin)",
  -- At most 2896 a side (half the cells of 4096x4096): a walk revisits cells more and more as
  -- the map fills, and at 4096x4096 the walk to 40% passes a script's 2,000,000,000
  -- instructions (seed 1 stops there); at 2896 seeds 1-4 take 23-28 million steps and finish.
  -- A high floor_percent on a big map can pass the budget too, and stops with "script stopped:
  -- more than 2000000000 instructions in one run".
  params = {
    { name = "width", default = 60, min = 8, max = 2896,
      help = "map width in cells (at most 2896: a bigger walk passes a script's instruction "
        .. "budget)" },
    { name = "height", default = 40, min = 8, max = 2896,
      help = "map height in cells (as the width)" },
    { name = "floor_percent", kind = "percent", default = 40, min = 5, max = 90,
      help = "stop once this share of the map inside its edge is floor" },
  },
  pseudocode = {
    "fill the map with wall",
    "start at the centre: floor it",
    "pick a random direction: north, east, south or west",
    "step that way unless it would reach the map's edge",
    "if the cell is wall: floor it",
    "until floor_percent of the map inside its edge is floor",
  },
  stats = { "floor cells", "steps walked" },
  run = function(p)
    local w, h = p.width, p.height
    step{ level = "phase", line = 1, words = "the map starts as wall" }
    local x, y = w // 2, h // 2
    set(x, y, "floor")
    local floor, walked = 1, 0
    stat(1, floor)
    step{ level = "action", line = 2, words = "start at the centre" }
    local goal = (w - 2) * (h - 2) * p.floor_percent // 100
    local dx, dy = { 0, 1, 0, -1 }, { -1, 0, 1, 0 }
    local names = { "north", "east", "south", "west" }
    while floor < goal do
      local d = draw_int("dir", 1, 4)
      local nx, ny = x + dx[d], y + dy[d]
      if nx < 1 or ny < 1 or nx > w - 2 or ny > h - 2 then
        step{ line = 4, words = "the edge is " .. names[d] .. ": stay" }
      else
        x, y = nx, ny
        walked = walked + 1
        stat(2, walked)
        if get(x, y) == "wall" then
          set(x, y, "floor")
          floor = floor + 1
          stat(1, floor)
          step{ line = 5, words = "walk " .. names[d] .. " onto wall: floor it" }
        else
          step{ line = 4, words = "walk " .. names[d] .. " over floor" }
        end
      end
    end
    done{ line = 6, words = floor .. " cells are floor: done" }
  end,
}
