return {
  name = "stripes",
  summary = "floor every other row",
  params = {
    { name = "width", default = 20, min = 4, max = 4096, help = "map width in cells" },
    { name = "height", default = 10, min = 4, max = 4096, help = "map height in cells" },
  },
  pseudocode = {
    "fill the map with wall",
    "for every other row: floor it",
  },
  run = function(p)
    step{ level = "phase", line = 1, words = "the map starts as wall" }
    for y = 1, p.height - 2, 2 do
      for x = 1, p.width - 2 do set(x, y, "floor") end
      step{ level = "feature", line = 2, words = "row " .. y .. " is floor" }
    end
    done{ line = 2, words = "every other row is floor" }
  end,
}
