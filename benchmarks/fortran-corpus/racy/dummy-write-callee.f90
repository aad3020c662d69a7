! race: yes
! The called subroutine writes its dummy argument, which is the shared scalar.
subroutine set_flag(f, k)
  integer :: f, k
  f = k
end subroutine
program dummy_write_callee
  implicit none
  integer :: i, flag
  flag = 0
  !$omp parallel do
  do i = 1, 50
    call set_flag(flag, i)
  end do
  !$omp end parallel do
  print *, flag
end program
