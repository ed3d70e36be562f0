-- The drunkard's walk (random-walk caves), the built-in generator `drunkards-walk` written as a
-- script: it gives the built-in's map, stats, trace, captions and overlay for every seed (the
-- parity test, tests/test_script_parity.cpp, checks seeds 1..100 and the variants).
-- Source: RogueBasin, "Random Walk Cave Generation": fill the map with wall, carve a starting
-- cell, then step in a random direction, carving every wall stepped onto, until enough of the
-- map is floor. A walk only ever carves next to floor it carved before: the cave is connected.
--
-- Variants the source leaves out: several walkers taking turns, a bias toward wall neighbours,
-- restarts on a random floor cell, and max_steps so the walk always ends.
--
--   dungen generate examples/generators/drunkards-walk.lua --seed 3 --bias-percent 50

local N, E, S, W = 1, 2, 3, 4
local DX, DY = { 0, 1, 0, -1 }, { -1, 0, 1, 0 }
local DIR_NAME = { "north", "east", "south", "west" }
local REACHED, STEP_CAP, NOTHING_LEFT = 1, 2, 3
local TRAIL_CELLS = 8 -- a walker's latest cells, drawn behind it

-- The stats, in the order they are declared below.
local WALK_STEPS, RESTARTS, BIASED_STEPS, FLOOR, TARGET, TARGET_REACHED, OUTCOME = 1, 2, 3, 4, 5, 6, 7

return {
  name = "drunkards-walk",
  summary = "walkers wander at random, carving every wall they step on (random-walk caves)",
  params = {
    { name = "width", default = 80, min = 4, max = 4096, help = "map width in cells" },
    { name = "height", default = 45, min = 4, max = 4096, help = "map height in cells" },
    { name = "walkers", default = 1, min = 1, max = 100,
      help = "walkers starting together; they take turns, one step each" },
    { name = "start", kind = "choice", default = 0, choices = { "the centre", "a random cell" },
      help = "where the walkers start" },
    { name = "target_percent", kind = "percent", default = 40, min = 1, max = 100,
      help = "stop when this share of the map's cells is floor" },
    { name = "restart_after", default = 0, min = 0, max = 1000000,
      help = "a walker restarts on a random floor cell after this many steps (0: never)" },
    { name = "bias_percent", kind = "percent", default = 0, min = 0, max = 100,
      help = "chance that a step goes onto a wall neighbour, when there is one" },
    { name = "border", kind = "bool", default = 1,
      help = "keep the map's edge wall: walkers never enter it" },
    { name = "max_steps", default = 1000000, min = 1, max = 100000000,
      help = "the most walk steps in all; the walk stops there, target reached or not" },
  },
  pseudocode = {
    "fill the map with wall (with border, walkers never enter its edge)",
    "put walkers walkers on one cell: the centre, or a random cell (start = random); carve it",
    "while floor cells < target (target_percent of the map's cells, rounded up):",
    "    if max_steps walk steps are taken, or no cell a walker may enter is wall: stop early",
    "    next walker in turn: if it has walked restart_after steps, restart it on a random floor cell",
    "    if roll < bias_percent and a neighbour is wall: step onto a random wall neighbour, carve it",
    "    else: step onto a random neighbour; if it is wall, carve it to floor",
    "done: the target is reached",
  },
  stats = {
    "walk steps", "restarts", "biased steps",
    { label = "floor", key = "floor_fraction", kind = "fraction" },
    { label = "target", key = "target_cells" },
    "target reached", "outcome",
  },

  run = function(p)
    local map_cells = p.width * p.height
    local target = (p.target_percent * map_cells + 99) // 100
    -- The cells a walker may enter.
    local x0, y0, x1, y1 = 0, 0, p.width - 1, p.height - 1
    if p.border == 1 then x0, y0, x1, y1 = 1, 1, p.width - 2, p.height - 2 end
    local enterable = (x1 - x0 + 1) * (y1 - y0 + 1)

    local function cells(n) return n .. (n == 1 and " cell" or " cells") end
    local function xy(x, y) return "(" .. x .. "," .. y .. ")" end
    local where = p.border == 1 and "inside the border" or "on the map"
    local function walker_name(i) return p.walkers == 1 and "the walker" or "walker " .. i end

    -- The cave: floor cells in carving order (a restart draws one of them).
    local floor_x, floor_y, floor = {}, {}, 0
    local function carve(x, y)
      if get(x, y) ~= "wall" then return false end
      set(x, y, "floor")
      floor = floor + 1
      floor_x[floor], floor_y[floor] = x, y
      stat(FLOOR, floor, map_cells)
      return true
    end
    local function floor_of() return floor .. " of " .. target .. " floor cells" end

    local begin = "the map is filled with wall (" .. p.width .. "x" .. p.height ..
        "); the target is " .. cells(target) .. " of floor"
    if target > enterable then
      begin = begin .. ", more than the " .. cells(enterable) .. " " .. where
    end
    stat(TARGET, target)
    step{ level = "phase", line = 1, words = begin }

    local sx, sy = p.width // 2, p.height // 2
    if p.start == 1 then
      sx = draw_int("x", x0, x1)
      sy = draw_int("y", y0, y1)
    end
    carve(sx, sy)
    start(sx, sy)
    local walkers = {}
    for i = 1, p.walkers do walkers[i] = { x = sx, y = sy, walked = 0, trail = { sx, sy } } end
    step{ level = "action", line = 2,
          words = (p.walkers == 1 and "the walker starts at " or p.walkers .. " walkers start at ")
              .. xy(sx, sy) .. (p.start == 1 and ", a random cell" or ", the centre")
              .. ", carved to floor",
          overlay = { { role = "walker", x = sx, y = sy }, { role = "cursor", x = sx, y = sy } } }

    -- Each tenth of the target (1..9) the floor passes is a checkpoint step.
    local next_tenth = 1
    local function pass_tenths()
      local before = next_tenth
      while next_tenth <= 9 and floor >= (next_tenth * target + 9) // 10 do
        next_tenth = next_tenth + 1
      end
      return next_tenth ~= before
    end
    pass_tenths()

    -- The walk: walkers take turns, one step each. Bounded: every pass takes a walk step, and
    -- the walk stops at max_steps.
    local steps, restarts, biased_steps, turn = 0, 0, 0, 1
    local outcome = REACHED
    while floor < target do
      if floor == enterable or steps == p.max_steps then
        outcome = floor == enterable and NOTHING_LEFT or STEP_CAP
        break
      end
      local w = walkers[turn]
      if p.restart_after > 0 and w.walked == p.restart_after then
        local drawn = draw_int("floor_cell", 0, floor - 1)
        w.x, w.y = floor_x[drawn + 1], floor_y[drawn + 1]
        w.walked, w.trail = 0, { w.x, w.y }
        restarts = restarts + 1
        stat(RESTARTS, restarts)
        step{ level = "action", line = 5,
              words = walker_name(turn) .. " has walked " .. p.restart_after ..
                  " steps: it restarts on floor cell index " .. drawn .. " (0-based, of " ..
                  floor .. " in carving order), " .. xy(w.x, w.y),
              overlay = { { role = "walker", x = w.x, y = w.y },
                          { role = "cursor", x = w.x, y = w.y } } }
      end

      -- The neighbours it may enter, and those of them that are wall (north, east, south, west).
      local open, walls = {}, {}
      for d = N, W do
        local qx, qy = w.x + DX[d], w.y + DY[d]
        if qx >= x0 and qx <= x1 and qy >= y0 and qy <= y1 then
          open[#open + 1] = d
          if get(qx, qy) == "wall" then walls[#walls + 1] = d end
        end
      end
      local roll_won = draw_chance("bias", p.bias_percent)
      local biased = roll_won and #walls > 0
      local from = biased and walls or open
      local pick = draw_int("dir", 0, #from - 1)
      local dir = from[pick + 1]

      local fx, fy = w.x, w.y
      w.x, w.y = fx + DX[dir], fy + DY[dir]
      local carved = carve(w.x, w.y)
      w.walked = w.walked + 1
      steps = steps + 1
      stat(WALK_STEPS, steps)
      if biased then
        biased_steps = biased_steps + 1
        stat(BIASED_STEPS, biased_steps)
      end
      local trail = w.trail
      trail[#trail + 1], trail[#trail + 2] = w.x, w.y
      if #trail > 2 * TRAIL_CELLS then
        -- Drop the oldest cell, its x and y: the rest move down two places.
        table.move(trail, 3, #trail, 1)
        trail[#trail] = nil
        trail[#trail] = nil
      end

      local choices, names = {}, {}
      for i, d in ipairs(from) do
        choices[2 * i - 1], choices[2 * i] = fx + DX[d], fy + DY[d]
        names[i] = DIR_NAME[d]
      end
      local said = walker_name(turn)
      if biased then said = said .. " (biased toward wall)" end
      if roll_won and not biased then said = said .. " (bias roll won, but no neighbour is wall)" end
      said = said .. " steps " .. DIR_NAME[dir] .. " to " .. xy(w.x, w.y) ..
          (carved and " and carves it: " or ", already floor: ") .. floor_of()
      step{ line = biased and 6 or 7, words = said,
            caption = DIR_NAME[dir] .. (biased and " (bias)" or "") .. (carved and ": carve" or ""),
            draw_words = { dir = #from == 1 and "dir = 0: " .. names[1] .. ", the only way"
                or "dir = " .. pick .. ": " .. DIR_NAME[dir] .. " of " .. table.concat(names, ", ") },
            overlay = { { role = "trail", cells = trail }, { role = "choices", cells = choices },
                        { role = "walker", x = w.x, y = w.y },
                        { role = "cursor", x = w.x, y = w.y } } }
      turn = turn % p.walkers + 1

      if floor < target and pass_tenths() then
        step{ level = "feature", line = 3,
              words = (next_tenth - 1) * 10 .. "% of the target: " .. floor_of() .. " after " ..
                  steps .. " walk steps; the walk goes on" }
      end
    end

    stat(OUTCOME, outcome)
    if outcome == REACHED then
      stat(TARGET_REACHED, 1)
      done{ line = 8, words = "done: " .. floor_of() .. " (" ..
          string.format("%.1f%%", floor / map_cells * 100) .. " of the map) after " .. steps ..
          " walk steps" }
    elseif outcome == STEP_CAP then
      done{ line = 4, words = "stopped early: max_steps = " .. steps ..
          " walk steps taken, with only " .. floor_of() }
    else
      done{ line = 4, words = "stopped early: all " .. cells(enterable) .. " " .. where ..
          " are floor, fewer than the target of " .. cells(target) .. " (after " .. steps ..
          " walk steps)" }
    end
  end,
}
