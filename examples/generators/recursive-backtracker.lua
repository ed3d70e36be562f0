-- Recursive backtracker maze: a depth-first walk carves from the cell it stands on into a random
-- unvisited neighbour, and when it is stuck it backs up along its own trail to the last cell that
-- still has one. The maze has long winding passages and few, long dead ends.
-- Sources: Jamis Buck, "Maze Generation: Recursive Backtracking" (weblog.jamisbuck.org, 2010);
-- Wikipedia, "Maze generation algorithm", randomized depth-first search, the iterative version
-- (a stack of cells instead of recursion, so a big maze cannot overflow anything).
--
-- The maze cells sit at odd (x, y); the cells between two of them are the walls that may be
-- carved. An odd width and height fill the map inside its border. With an even width the column
-- at x = width-2 stays wall beside the border (with an even height, the row at y = height-2).
--
--   dungen generate examples/generators/recursive-backtracker.lua --seed 5 --width 31 --height 21
return {
  name = "recursive-backtracker",
  summary = "a depth-first walk carves into random unvisited cells and backs up when stuck "
    .. "(Jamis Buck)",
  params = {
    { name = "width", default = 41, min = 3, max = 4095,
      help = "map width in cells (odd; an even width leaves the column at width-2 wall)" },
    { name = "height", default = 25, min = 3, max = 4095,
      help = "map height in cells (odd; an even height leaves the row at height-2 wall)" },
  },
  pseudocode = {
    "fill the map with wall: the maze cells at odd (x, y) are all unvisited",
    "carve a random cell and push it on the stack",
    "while the stack is not empty, look at the cell on top:",
    "  if it has unvisited neighbours: carve through the wall into a random one, push it",
    "  else: pop it, backing up to the cell below it",
    "the stack is empty: every cell is visited",
  },
  stats = { "cells visited", "passages carved", "dead ends", "backtracks", "deepest stack" },
  run = function(p)
    local w, h = p.width, p.height
    local cols, rows = (w - 1) // 2, (h - 1) // 2 -- maze cells across and down
    local last_x, last_y = 2 * cols - 1, 2 * rows - 1 -- the last maze cell's x and y
    local dx, dy = { 0, 2, 0, -2 }, { -2, 0, 2, 0 } -- to the next maze cell, two map cells away
    local names = { "north", "east", "south", "west" }
    local function at(x, y) return "(" .. x .. "," .. y .. ")" end
    local function is_cell(x, y) return x >= 1 and y >= 1 and x <= last_x and y <= last_y end
    step{ level = "phase", line = 1, words = "the map starts as wall: " .. cols .. "x" .. rows
      .. " maze cells, all unvisited" }

    -- A cell is visited once it is floor. The stack holds cells as y * w + x.
    local x = 2 * draw_int("start column", 0, cols - 1) + 1
    local y = 2 * draw_int("start row", 0, rows - 1) + 1
    set(x, y, "floor")
    local stack, top = { y * w + x }, 1
    local visited, carved, dead_ends, backtracks, deepest = 1, 0, 0, 0, 1
    stat(1, visited)
    stat(5, deepest)
    step{ level = "action", line = 2, words = "start at " .. at(x, y) .. ": carve it and push it" }

    -- Each pass either pushes a cell that was never visited (each cell is pushed once) or pops
    -- one (each pushed cell is popped once), so the loop ends after 2 x cells - 1 passes.
    while top > 0 do
      x, y = stack[top] % w, stack[top] // w
      local unvisited = {} -- directions to neighbours that are still wall
      for d = 1, 4 do
        local nx, ny = x + dx[d], y + dy[d]
        if is_cell(nx, ny) and get(nx, ny) == "wall" then unvisited[#unvisited + 1] = d end
      end
      if #unvisited > 0 then
        local d = unvisited[draw_int("unvisited neighbour", 1, #unvisited)]
        local nx, ny = x + dx[d], y + dy[d]
        set(x + dx[d] // 2, y + dy[d] // 2, "floor") -- the wall between them
        set(nx, ny, "floor")
        top = top + 1
        stack[top] = ny * w + nx
        visited, carved = visited + 1, carved + 1
        deepest = math.max(deepest, top)
        stat(1, visited)
        stat(2, carved)
        stat(5, deepest)
        step{ line = 4,
              words = "carve " .. names[d] .. " from " .. at(x, y) .. " to " .. at(nx, ny) }
      else
        -- Every neighbour is visited, so no passage will ever be carved into this cell again:
        -- the passages it has now are its last, and one passage makes it a dead end.
        local passages = 0
        for d = 1, 4 do
          if get(x + dx[d] // 2, y + dy[d] // 2) == "floor" then passages = passages + 1 end
        end
        stack[top] = nil
        top = top - 1
        backtracks = backtracks + 1
        stat(4, backtracks)
        local what = " has no unvisited neighbour"
        if passages == 1 then
          dead_ends = dead_ends + 1
          stat(3, dead_ends)
          what = " is a dead end"
        end
        local back = "the stack is empty"
        if top > 0 then back = "back to " .. at(stack[top] % w, stack[top] // w) end
        step{ line = 5, words = at(x, y) .. what .. ": pop it, " .. back }
      end
    end
    done{ line = 6, words = "all " .. visited .. " cells are visited, " .. dead_ends
      .. " of them dead ends: the maze is done" }
  end,
}
