-- Run after docs/editors.md's Neovim recipe (loaded as init.lua) by neovim-recipe.test.ts: waits for
-- the recipe's client to attach to the file Neovim opened and for its code lenses, and writes what
-- it saw (filetype, root_dir, lenses, error messages) as JSON to PROBE_OUT.
local out = assert(os.getenv('PROBE_OUT'), 'PROBE_OUT')
local result = { errors = {} }

local ok, failure = pcall(function()
  local bufnr = vim.api.nvim_get_current_buf()
  result.filetype = vim.bo[bufnr].filetype
  local function attached()
    for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do return client end
  end
  assert(vim.wait(15000, function() return attached() ~= nil end, 20), 'the recipe attached no client within 15 s')
  result.rootDir = attached().config.root_dir
  assert(vim.wait(15000, function() return #vim.lsp.codelens.get(bufnr) > 0 end, 20), 'no code lenses within 15 s')
  result.lenses = {}
  for _, lens in ipairs(vim.lsp.codelens.get(bufnr)) do
    table.insert(result.lenses, lens.command and lens.command.title or '')
  end
  result.clients = #vim.lsp.get_active_clients()
end)
if not ok then table.insert(result.errors, tostring(failure)) end
result.errmsg = vim.v.errmsg
result.messages = vim.fn.execute('messages')

for _, client in ipairs(vim.lsp.get_active_clients()) do client.stop() end
vim.wait(5000, function() return #vim.lsp.get_active_clients() == 0 end, 20)
local handle = assert(io.open(out, 'w'))
handle:write(vim.fn.json_encode(result))
handle:close()
vim.cmd('qall!')
