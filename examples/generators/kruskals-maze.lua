-- Kruskal's maze: every cell starts as a set of its own. The walls between cells are taken in
-- random order, and a wall is carved only when the cells on its two sides are in different sets,
-- which then merge into one; a wall between two cells of one set stays, since carving it would
-- close a loop. Small trees appear all over the map and join, where the backtracker and Prim's
-- grow one tree from one cell. It teaches the disjoint-set (union-find) structure.
-- Sources: Jamis Buck, "Maze Generation: Kruskal's Algorithm" (weblog.jamisbuck.org, 2011);
-- Wikipedia, "Maze generation algorithm", iterative randomized Kruskal's algorithm (with sets);
-- Wikipedia, "Disjoint-set data structure", for union by size and path halving.
--
-- The maze cells sit at odd (x, y); the cells between two of them are the walls. With an even
-- width the column at x = width-2 stays wall beside the border (with an even height, the row at
-- y = height-2).
--
--   dungen generate examples/generators/kruskals-maze.lua --seed 5 --width 31 --height 21
return {
  name = "kruskals-maze",
  summary = "walls taken in random order are carved when they join two different sets of cells "
    .. "(Kruskal, Jamis Buck)",
  -- At most 1449 a side: the sets (parent and size) and the wall list hold 64 bytes a maze cell
  -- (Lua's tables grow by doubling), and 724x724 maze cells is as many as fit a script's 64 MiB;
  -- a side of 1451 stops with "more than 64 MiB of memory in use".
  params = {
    { name = "width", default = 41, min = 3, max = 1449,
      help = "map width in cells (odd; an even width leaves the column at width-2 wall; at most "
        .. "1449: the sets and the wall list must fit a script's 64 MiB)" },
    { name = "height", default = 25, min = 3, max = 1449,
      help = "map height in cells (odd; an even height leaves the row at height-2 wall; at most "
        .. "1449, as the width)" },
  },
  pseudocode = {
    "fill the map with wall: the maze cells sit at odd (x, y)",
    "floor every cell, each a set of its own, and list the walls between cells",
    "while more than one set is left, take a random wall off the list:",
    "  if the cells on its two sides are in different sets: carve it, merge the sets",
    "  else: keep it (carving it would close a loop)",
    "one set is left: every cell is joined to every other by one path",
  },
  stats = { "cells", "sets left", "passages carved", "walls kept", "largest set" },
  run = function(p)
    local w, h = p.width, p.height
    local cols, rows = (w - 1) // 2, (h - 1) // 2 -- maze cells across and down
    local function at(x, y) return "(" .. x .. "," .. y .. ")" end
    step{ level = "phase", line = 1,
          words = "the map starts as wall: room for " .. cols .. "x" .. rows .. " maze cells" }

    -- The sets: each cell's number (1 .. cols x rows, row by row) points at its parent in its set's
    -- tree, and the root stands for the set; size counts a root's cells.
    local function cell(x, y) return (y // 2) * cols + x // 2 + 1 end
    local parent, size = {}, {}
    -- The walls as y * w + x: between two cells side by side (even x, odd y) or one above the
    -- other (odd x, even y).
    local walls, n = {}, 0
    local cells, sets = 0, 0
    -- One step per row of cells: a row costs the map's width, not the whole map.
    for y = 1, 2 * rows - 1, 2 do
      for x = 1, 2 * cols - 1, 2 do
        set(x, y, "floor")
        local c = cell(x, y)
        parent[c], size[c] = c, 1
        if x + 2 <= 2 * cols - 1 then n = n + 1; walls[n] = y * w + x + 1 end -- to its east
        if y + 2 <= 2 * rows - 1 then n = n + 1; walls[n] = (y + 1) * w + x end -- to its south
      end
      cells, sets = cells + cols, sets + cols
      stat(1, cells)
      stat(2, sets)
      stat(5, 1)
      step{ level = "action", line = 2,
            words = "floor the cells of row y=" .. y .. ", each a set of its own, and list the "
              .. "walls east and south of them" }
    end

    -- The root of c's set. On the way up, each cell is pointed at its grandparent (path
    -- halving), so later finds are shorter. Merging by size (below) keeps every path at most
    -- log2(cells) links long, so the loop ends.
    local function find(c)
      while parent[c] ~= c do
        parent[c] = parent[parent[c]]
        c = parent[c]
      end
      return c
    end

    local carved, kept, largest = 0, 0, 1
    -- Each pass takes one wall off the list (a random one, swapped with the last: the list is
    -- shuffled as it is used), so the loop ends when the list is empty at the latest. It ends
    -- earlier: the walls join every cell to its neighbours, so one set is left before the list
    -- runs out, and every wall still listed then would close a loop.
    while sets > 1 and n > 0 do
      local i = draw_int("wall", 1, n)
      local k = walls[i]
      walls[i] = walls[n]
      walls[n] = nil
      n = n - 1
      local x, y = k % w, k // w
      -- The cells on its two sides: west and east of it, or north and south.
      local ax, ay, bx, by = x - 1, y, x + 1, y
      if x % 2 == 1 then ax, ay, bx, by = x, y - 1, x, y + 1 end
      local a, b = find(cell(ax, ay)), find(cell(bx, by))
      if a ~= b then
        if size[a] < size[b] then a, b = b, a end -- the smaller set joins the larger
        parent[b] = a
        size[a] = size[a] + size[b]
        largest = math.max(largest, size[a])
        set(x, y, "floor")
        carved, sets = carved + 1, sets - 1
        stat(2, sets)
        stat(3, carved)
        stat(5, largest)
        step{ line = 4, words = "carve the wall at " .. at(x, y) .. ": " .. at(ax, ay) .. " and "
          .. at(bx, by) .. " were in different sets, now merged" }
      else
        kept = kept + 1
        stat(4, kept)
        step{ line = 5, words = "keep the wall at " .. at(x, y) .. ": " .. at(ax, ay) .. " and "
          .. at(bx, by) .. " are already in one set" }
      end
    end
    done{ line = 6, words = "all " .. cells .. " cells are in one set, " .. n
      .. " walls never taken: the maze is done" }
  end,
}
