-- Prim's maze: the maze grows outward from one cell. The frontier is every cell next to the maze
-- but not in it; each step takes a random frontier cell and joins it to the maze through the wall
-- to one of its neighbours already in. The maze spreads in all directions at once, with many
-- short dead ends (compare the recursive backtracker's long winding passages).
-- Sources: Jamis Buck, "Maze Generation: Prim's Algorithm" (weblog.jamisbuck.org, 2011);
-- Wikipedia, "Maze generation algorithm", iterative randomized Prim's algorithm (the version that
-- keeps a list of frontier cells rather than of walls).
--
-- A maze cell is out while it is wall, in the frontier while it is corridor (drawn so you can
-- watch the frontier move) and in the maze once it is floor; by the end every cell is floor.
-- The maze cells sit at odd (x, y). With an even width the column at x = width-2 stays wall
-- beside the border (with an even height, the row at y = height-2).
--
--   dungen generate examples/generators/prims-maze.lua --seed 5 --width 31 --height 21
return {
  name = "prims-maze",
  summary = "the maze grows from one cell by joining random frontier cells to it "
    .. "(Prim, Jamis Buck)",
  params = {
    { name = "width", default = 41, min = 3, max = 4095,
      help = "map width in cells (odd; an even width leaves the column at width-2 wall)" },
    { name = "height", default = 25, min = 3, max = 4095,
      help = "map height in cells (odd; an even height leaves the row at height-2 wall)" },
  },
  pseudocode = {
    "fill the map with wall: the maze cells at odd (x, y) are all out",
    "carve a random cell: it is in",
    "its out neighbours join the frontier",
    "while the frontier is not empty:",
    "  take a random frontier cell; carve through the wall to a random in neighbour of it",
    "  the taken cell's out neighbours join the frontier",
    "the frontier is empty: every cell is in",
  },
  stats = { "cells in", "passages carved", "frontier size", "largest frontier", "dead ends" },
  run = function(p)
    local w, h = p.width, p.height
    local cols, rows = (w - 1) // 2, (h - 1) // 2 -- maze cells across and down
    local last_x, last_y = 2 * cols - 1, 2 * rows - 1 -- the last maze cell's x and y
    local dx, dy = { 0, 2, 0, -2 }, { -2, 0, 2, 0 } -- to the next maze cell, two map cells away
    local names = { "north", "east", "south", "west" }
    local function at(x, y) return "(" .. x .. "," .. y .. ")" end
    local function is_cell(x, y) return x >= 1 and y >= 1 and x <= last_x and y <= last_y end
    step{ level = "phase", line = 1,
          words = "the map starts as wall: " .. cols .. "x" .. rows .. " maze cells, all out" }

    -- The frontier cells as y * w + x, in no order: a random one is taken by swapping the last
    -- into its place, so a step costs the same however large the frontier is.
    local frontier, size, largest = {}, 0, 0
    local function join_frontier(x, y) -- returns how many joined
      local joined = 0
      for d = 1, 4 do
        local nx, ny = x + dx[d], y + dy[d]
        if is_cell(nx, ny) and get(nx, ny) == "wall" then
          set(nx, ny, "corridor")
          size = size + 1
          frontier[size] = ny * w + nx
          joined = joined + 1
        end
      end
      largest = math.max(largest, size)
      stat(3, size)
      stat(4, largest)
      return joined
    end
    local function joined_words(n, x, y)
      if n == 0 then
        return "no neighbour of " .. at(x, y) .. " is out: the frontier does not grow"
      end
      if n == 1 then return "1 out neighbour of " .. at(x, y) .. " joins the frontier" end
      return n .. " out neighbours of " .. at(x, y) .. " join the frontier"
    end

    -- The dead ends (cells with one passage), counted as it goes. A cell's passages are the
    -- floored walls around it, read off the map: a table of them would take 16 bytes a cell,
    -- past a script's 64 MiB on the biggest maps.
    local dead_ends = 0
    local function passages(x, y)
      local n = 0
      for d = 1, 4 do
        if get(x + dx[d] // 2, y + dy[d] // 2) == "floor" then n = n + 1 end
      end
      return n
    end

    local x = 2 * draw_int("start column", 0, cols - 1) + 1
    local y = 2 * draw_int("start row", 0, rows - 1) + 1
    set(x, y, "floor")
    local cells_in, carved = 1, 0
    stat(1, cells_in)
    step{ level = "action", line = 2, words = "start at " .. at(x, y) .. ": it is in" }
    local n = join_frontier(x, y)
    step{ line = 3, words = joined_words(n, x, y) }

    -- Each pass moves one frontier cell into the maze for good, and only out cells join the
    -- frontier, so each cell passes through it at most once: at most cells - 1 passes.
    while size > 0 do
      local i = draw_int("frontier cell", 1, size)
      local k = frontier[i]
      frontier[i] = frontier[size]
      frontier[size] = nil
      size = size - 1
      x, y = k % w, k // w
      -- It joined the frontier beside a cell that was in, so it has at least one in neighbour.
      local ins = {}
      for d = 1, 4 do
        local nx, ny = x + dx[d], y + dy[d]
        if is_cell(nx, ny) and get(nx, ny) == "floor" then ins[#ins + 1] = d end
      end
      local d = ins[draw_int("in neighbour", 1, #ins)]
      local nx, ny = x + dx[d], y + dy[d]
      -- The cell taken had no passage, and gets one: a new dead end. The in neighbour had one (a
      -- dead end no more) or, the start only, none (a dead end now).
      local had = passages(nx, ny)
      set(x + dx[d] // 2, y + dy[d] // 2, "floor") -- the wall between them
      set(x, y, "floor")
      dead_ends = dead_ends + 1
      if had == 1 then dead_ends = dead_ends - 1 end
      if had == 0 then dead_ends = dead_ends + 1 end
      cells_in, carved = cells_in + 1, carved + 1
      stat(1, cells_in)
      stat(2, carved)
      stat(3, size)
      stat(5, dead_ends)
      step{ line = 5, words = "take " .. at(x, y) .. " from the frontier: carve " .. names[d]
        .. " to " .. at(nx, ny) .. ", which is in" }
      n = join_frontier(x, y)
      step{ line = 6, words = joined_words(n, x, y) }
    end
    done{ line = 7, words = "all " .. cells_in .. " cells are in, " .. dead_ends
      .. " of them dead ends: the maze is done" }
  end,
}
