-- The Neovim smoke test's client (tests/neovim.rs): Neovim's own LSP
-- client (0.7 and later) starts the server on a document, waits for its
-- diagnostics, asks for a hover, and writes what it got to a file.
-- Parameters come in the environment: HCLLSP_BIN, HCLLSP_SPEC,
-- HCLLSP_DOC, HCLLSP_OUT.
local bin = os.getenv("HCLLSP_BIN")
local spec = os.getenv("HCLLSP_SPEC")
local doc = os.getenv("HCLLSP_DOC")
local out = os.getenv("HCLLSP_OUT")
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
