-- The Neovim smoke test's client (tests/neovim.rs): Neovim's own LSP
-- client (0.7 and later) starts the server on a document, waits for its
-- diagnostics, asks for a hover, and writes what it got to a file. With
-- HCLLSP_MODE=references, it asks instead for the definition, the
-- references and a rename of the name under line 4, column 15 (a use of
-- `var.zone`), applies the rename with Neovim's own workspace-edit code,
-- and writes the buffer's lines.
-- Parameters come in the environment: HCLLSP_BIN, HCLLSP_SPEC,
-- HCLLSP_DOC, HCLLSP_OUT, HCLLSP_MODE.
local bin = os.getenv("HCLLSP_BIN")
local spec = os.getenv("HCLLSP_SPEC")
local doc = os.getenv("HCLLSP_DOC")
local out = os.getenv("HCLLSP_OUT")
local mode = os.getenv("HCLLSP_MODE") or "diagnostics"
local lines = {}
local function say(s) table.insert(lines, s) end
local diags = nil
local id = vim.lsp.start_client({
  name = "hcldecode-lsp",
  cmd = { bin, "--spec", spec },
  handlers = {
    ["textDocument/publishDiagnostics"] = function(_, result)
      if #result.diagnostics > 0 then diags = result.diagnostics end
    end,
  },
})
if id == nil then
  vim.fn.writefile({ "start failed" }, out)
  vim.cmd("qa!")
end
vim.cmd("edit " .. doc)
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, id)
if mode == "references" then
  vim.wait(20000, function() return diags ~= nil end, 50)
  local here = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 4, character = 15 } }
  local function first(method, params)
    local res = vim.lsp.buf_request_sync(buf, method, params, 10000) or {}
    for _, r in pairs(res) do
      if r.result then return r.result end
    end
    return nil
  end
  local def = first("textDocument/definition", here)
  if def then
    local loc = def.range and def or def[1]
    say("definition " .. loc.range.start.line .. ":" .. loc.range.start.character)
  else
    say("definition none")
  end
  local refs = first("textDocument/references", vim.tbl_extend("force", here,
    { context = { includeDeclaration = true } })) or {}
  local at = {}
  for _, r in ipairs(refs) do table.insert(at, r.range.start.line .. ":" .. r.range.start.character) end
  table.sort(at)
  say("references " .. table.concat(at, " "))
  local edit = first("textDocument/rename", vim.tbl_extend("force", here, { newName = "region" }))
  if edit then
    vim.lsp.util.apply_workspace_edit(edit, "utf-16")
    for _, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do say("| " .. l) end
  else
    say("rename none")
  end
  vim.fn.writefile(lines, out)
  vim.cmd("qa!")
end
local ok = vim.wait(20000, function() return diags ~= nil end, 50)
if ok then
  say("diagnostics " .. #diags)
  local d = diags[1]
  say("code " .. tostring(d.code))
  say("line " .. d.range.start.line .. " col " .. d.range.start.character)
  say("message " .. vim.split(d.message, "\n")[1])
else
  say("timeout")
end
local res = vim.lsp.buf_request_sync(buf, "textDocument/hover",
  { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 0, character = 1 } }, 10000)
if res then
  for _, r in pairs(res) do
    if r.result then say("hover " .. vim.split(r.result.contents.value, "\n")[1]) end
  end
end
vim.fn.writefile(lines, out)

vim.cmd("qa!")
