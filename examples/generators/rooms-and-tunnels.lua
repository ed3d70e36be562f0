-- Rooms and tunnels, the built-in generator `rooms-and-tunnels` written as a script: it gives the
-- built-in's map, stats, trace, captions and overlay for every seed (the parity test,
-- tests/test_script_parity.cpp, checks seeds 1..100 and the variants).
-- Source: the libtcod Python tutorial (rogueliketutorials.com), part 3, "Generating a dungeon":
-- fill the map with wall; up to max_rooms times, draw a room's size and position, reject it if it
-- intersects a room already placed, else carve its inside to floor; the player starts in the
-- first room, and each later room is joined to the one before by an L-shaped tunnel between
-- their centres, its corner picked by a coin.
--
-- What the tutorial leaves out: tunnel cells are corridor (not floor) so you can tell them from
-- rooms, and each room's floor is marked with its room number (the JSON's labels).
--
--   dungen generate examples/generators/rooms-and-tunnels.lua --seed 3 --max-rooms 12

-- The stats, in the order they are declared below.
local ATTEMPTS, ROOMS, REJECTED, TUNNEL_CELLS, CORRIDOR_CELLS = 1, 2, 3, 4, 5

-- The tutorial's RectangularRoom: corners (x1, y1) and (x2, y2) = (x + w, y + h). Only the cells
-- strictly inside the corners are carved, so a room keeps a wall of its own all round.
local function rectangular_room(x, y, w, h)
  return { x1 = x, y1 = y, x2 = x + w, y2 = y + h }
end
local function centre(r) return (r.x1 + r.x2) // 2, (r.y1 + r.y2) // 2 end
-- Touching counts: the tutorial compares with <=.
local function intersects(a, b)
  return a.x1 <= b.x2 and a.x2 >= b.x1 and a.y1 <= b.y2 and a.y2 >= b.y1
end
-- Shares cells with b, not only an edge line or a corner.
local function overlaps(a, b)
  return a.x1 < b.x2 and a.x2 > b.x1 and a.y1 < b.y2 and a.y2 > b.y1
end
-- The room with its walls (the box the overlay draws), and the floor inside them.
local function outline(r, role)
  return { role = role, x = r.x1, y = r.y1, w = r.x2 - r.x1 + 1, h = r.y2 - r.y1 + 1 }
end
local function inside(r) return r.x1 + 1, r.y1 + 1, r.x2 - r.x1 - 1, r.y2 - r.y1 - 1 end

local function xy(x, y) return "(" .. x .. "," .. y .. ")" end

return {
  name = "rooms-and-tunnels",
  summary = "rectangular rooms joined by L-shaped tunnels (libtcod tutorial, part 3)",
  params = {
    { name = "width", default = 80, min = 4, max = 4096, help = "map width in cells" },
    { name = "height", default = 45, min = 4, max = 4096, help = "map height in cells" },
    { name = "max_rooms", default = 30, min = 1, max = 10000,
      help = "how many rooms to try to place" },
    { name = "room_min_size", default = 6, min = 2, max = 1000,
      help = "smallest room w or h, as the tutorial draws it: the room spans x..x+w, so its floor "
          .. "is w-1 cells wide and its outline w+1" },
    { name = "room_max_size", default = 10, min = 2, max = 1000,
      help = "largest room w or h (floor w-1 cells, outline w+1)" },
  },
  pseudocode = {
    "fill the map with wall",
    "repeat max_rooms times:",
    "    w, h = random in [room_min_size, room_max_size]",
    "    x, y = random in [0, map_w - w - 1] x [0, map_h - h - 1]",
    "    if the room (x to x+w, y to y+h) touches or overlaps a placed room: reject it",
    "    carve its inside (x+1 to x+w-1, y+1 to y+h-1) to floor",
    "    if it is the first room: the player starts at its centre",
    "    else: dig an L-shaped tunnel from the previous room's centre (corner coin: 1 = horizontal "
        .. "first)",
    "    add the room to the list",
    "done",
  },
  stats = {
    "attempts",
    { label = "rooms placed", key = "rooms" },
    "rejected",
    { label = "tunnel cells dug", key = "tunnel_cells" },
    { label = "corridor cells now", key = "corridor_cells" },
  },

  run = function(p)
    -- The built-in's schema refuses room_min_size > room_max_size and a room_max_size past the
    -- map's smaller side - 1 (a position is drawn in [0, side - size - 1]). A script's schema has
    -- no rules between parameters, so it clamps: where the built-in runs, nothing changes.
    local max_size = math.min(p.room_max_size, math.min(p.width, p.height) - 1)
    local min_size = math.min(p.room_min_size, max_size)
    local attempts, rejected, tunnel_cells, corridor_cells = 0, 0, 0, 0
    local rooms = {}

    -- Room numbers count from 1, as the log says them.
    local function carve(r, number)
      local x0, y0, w, h = inside(r)
      for y = y0, y0 + h - 1 do
        for x = x0, x0 + w - 1 do
          -- A later room may be carved over a tunnel: that cell is no longer corridor.
          if get(x, y) == "corridor" then corridor_cells = corridor_cells - 1 end
          set(x, y, "floor", number)
        end
      end
      stat(ROOMS, number)
      stat(CORRIDOR_CELLS, corridor_cells)
      room(x0, y0, w, h)
    end

    -- The tutorial's tunnel_between: an L from one centre to the other, its corner picked by a
    -- coin, each leg a straight line (the tutorial's Bresenham line along a row or a column).
    local function tunnel_between(from_x, from_y, to_x, to_y)
      local horizontal_first = draw_coin("corner")
      local corner_x, corner_y = from_x, to_y
      if horizontal_first then corner_x, corner_y = to_x, from_y end
      local path = {}
      local function leg(x, y, end_x, end_y)
        local dx = end_x > x and 1 or (end_x < x and -1 or 0)
        local dy = end_y > y and 1 or (end_y < y and -1 or 0)
        while x ~= end_x or y ~= end_y do
          x, y = x + dx, y + dy
          path[#path + 1], path[#path + 2] = x, y
        end
      end
      path[1], path[2] = from_x, from_y
      leg(from_x, from_y, corner_x, corner_y)
      leg(corner_x, corner_y, to_x, to_y)
      return path, horizontal_first
    end

    step{ level = "phase", line = 1,
          words = "the map is filled with wall (" .. p.width .. "x" .. p.height .. ")" }

    for attempt = 1, p.max_rooms do
      local name = "attempt " .. attempt
      attempts = attempts + 1
      stat(ATTEMPTS, attempts)
      step{ line = 2, words = name .. " of " .. p.max_rooms }

      local w = draw_int("w", min_size, max_size)
      local h = draw_int("h", min_size, max_size)
      step{ line = 3, words = name .. ": w = " .. w .. ", h = " .. h }

      local x = draw_int("x", 0, p.width - w - 1)
      local y = draw_int("y", 0, p.height - h - 1)
      local new_room = rectangular_room(x, y, w, h)
      step{ line = 4, caption = name, overlay = { outline(new_room, "candidate") },
            words = name .. ": x = " .. x .. ", y = " .. y .. ", so the room spans " ..
                xy(x, y) .. ".." .. xy(new_room.x2, new_room.y2) }

      -- The first placed room it runs into, if any.
      local hit
      for i, other in ipairs(rooms) do
        if intersects(new_room, other) then
          hit = i
          break
        end
      end

      if hit then
        local other = rooms[hit]
        local contact = (overlaps(new_room, other) and "overlaps" or "touches") .. " room " .. hit
        local overlay = { outline(new_room, "rejected"), outline(other, "cause") }
        if not overlaps(new_room, other) then
          -- Only touching: the wall line the two would share, drawn apart from the rooms.
          local wall = {}
          for wy = math.max(new_room.y1, other.y1), math.min(new_room.y2, other.y2) do
            for wx = math.max(new_room.x1, other.x1), math.min(new_room.x2, other.x2) do
              wall[#wall + 1], wall[#wall + 2] = wx, wy
            end
          end
          overlay[3] = { role = "shared_wall", cells = wall }
        end
        rejected = rejected + 1
        stat(REJECTED, rejected)
        step{ level = "action", line = 5, caption = contact, overlay = overlay,
              words = name .. " rejected: it " .. contact }
      else
        local number = #rooms + 1
        carve(new_room, number)
        local fx, fy, fw, fh = inside(new_room)
        step{ level = "action", line = 6, caption = "room " .. number,
              overlay = { outline(new_room, "accepted") },
              words = "room " .. number .. " carved: " .. fw .. "x" .. fh .. " floor cells at " ..
                  xy(fx, fy) .. " (attempt " .. attempt .. ")" }

        local cx, cy = centre(new_room)
        if number == 1 then
          start(cx, cy)
          step{ line = 7, overlay = { { role = "cursor", x = cx, y = cy } },
                words = "the player starts at " .. xy(cx, cy) .. ", the centre of room 1" }
        else
          local px, py = centre(rooms[#rooms])
          local path, horizontal_first = tunnel_between(px, py, cx, cy)
          step{ level = "action", line = 8,
                overlay = { { role = "tunnel", cells = path }, { role = "cursor", x = px, y = py } },
                words = "tunnel from room " .. number - 1 .. " to room " .. number .. ": " ..
                    #path // 2 .. " cells long, " ..
                    (horizontal_first and "horizontal" or "vertical") .. " leg first" }
          -- Dig it one wall cell at a time; cells already open are passed over.
          for i = 1, #path, 2 do
            local tx, ty = path[i], path[i + 1]
            if get(tx, ty) == "wall" then
              set(tx, ty, "corridor")
              tunnel_cells, corridor_cells = tunnel_cells + 1, corridor_cells + 1
              stat(TUNNEL_CELLS, tunnel_cells)
              stat(CORRIDOR_CELLS, corridor_cells)
              step{ line = 8, overlay = { { role = "cursor", x = tx, y = ty } },
                    words = "tunnel to room " .. number .. " digs " .. xy(tx, ty) }
            end
          end
        end

        rooms[number] = new_room
        step{ level = "feature", line = 9,
              words = "room " .. number .. " added to the list (" .. number ..
                  (number == 1 and " room)" or " rooms)") }
      end
    end

    done{ line = 10, words = "done: " .. #rooms .. " rooms placed in " .. p.max_rooms .. " attempts" }
  end,
}
