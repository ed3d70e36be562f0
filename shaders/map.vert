#version 330 core
// One quad over the map's part of the window: the fragment shader works out which cell each
// pixel shows, so there is no per-cell geometry at all (a 4096x4096 map is still four vertices).

void main() {
  // Triangle strip 0..3 -> corners (-1,-1), (1,-1), (-1,1), (1,1).
  vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
